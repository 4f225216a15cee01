import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllianceMessages, ApiRoutes } from '@runik/contract';
import { cityKeys } from '../../shared/query-keys';
import { settle } from '../../testing/city-fixtures';
import { answerConfirmation } from '../../testing/dialogs';
import { allianceView, bodiesSentTo, ok, openAlliance, PLAYER } from '../../testing/alliance-fixtures';

const UPDATE_URL = ApiRoutes.allianceUpdate;
const EXPAND_URL = ApiRoutes.allianceExpand;

async function openForm(name: 'Edit tag' | 'Edit description') {
  const opened = await openAlliance(allianceView());
  const form = screen.getByRole('form', { name });
  const input = within(form).getByLabelText(name === 'Edit tag' ? 'Tag' : 'Description') as HTMLInputElement;
  const save = within(form).getByRole('button', { name: 'Save' });
  return { ...opened, form, input, save };
}

describe('Edit tag', () => {
  it('starts from the current tag, with nothing to save', async () => {
    const { input, save } = await openForm('Edit tag');
    expect(input).toHaveValue('IRW');
    expect(save).toBeDisabled();
  });

  it("upper-cases as typed and refuses other than 3 characters: 'Tag must be exactly 3 characters!'", async () => {
    const { user, api, form, input, save } = await openForm('Edit tag');
    await user.clear(input);
    await user.type(input, 'wo');
    expect(input).toHaveValue('WO');
    await user.click(save);
    expect(within(form).getByRole('alert')).toHaveTextContent('Tag must be exactly 3 characters!');
    await settle();
    expect(api.callsTo(UPDATE_URL)).toHaveLength(0);
  });

  it('keeps a 4-character tag as typed and says so with the spec’s message, sending nothing', async () => {
    const { user, api, form, input, save } = await openForm('Edit tag');
    await user.clear(input);
    await user.type(input, 'iwlf');
    expect(input).toHaveValue('IWLF');
    expect(within(form).getByTestId('tag-length-error')).toHaveTextContent('Tag must be exactly 3 characters!');
    await user.click(save);
    await settle();
    expect(api.callsTo(UPDATE_URL)).toHaveLength(0);
  });

  it('saves the new tag alone, then shows the reloaded alliance', async () => {
    const { user, api, input, save, setAlliance } = await openForm('Edit tag');
    api.on('POST', UPDATE_URL, () => {
      setAlliance(allianceView({ tag: 'WLF' }));
      return ok(AllianceMessages.tagUpdated);
    });
    await user.clear(input);
    await user.type(input, 'wlf');
    await user.click(save);

    await waitFor(() => expect(screen.getByTestId('alliance-tag')).toHaveTextContent('[WLF]'));
    expect(bodiesSentTo(api, UPDATE_URL)).toEqual([{ hiveUsername: PLAYER, allianceId: 7, tag: 'WLF' }]);
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent('Tag updated.');
    expect(within(screen.getByRole('form', { name: 'Edit tag' })).getByLabelText('Tag')).toHaveValue('WLF');
  });

  it.each([
    [{ status: 409, data: { error: AllianceMessages.tagTaken } }, 'An alliance with this tag already exists.'],
    [{ status: 500 }, 'Failed to update tag.'],
  ])('relays a refused tag (%j)', async (response, message) => {
    const { user, api, input, save } = await openForm('Edit tag');
    api.on('POST', UPDATE_URL, response);
    await user.clear(input);
    await user.type(input, 'WLF');
    await user.click(save);
    expect(within(await screen.findByTestId('alliance-feedback')).getByRole('alert')).toHaveTextContent(message);
  });
});

describe('Edit description', () => {
  it("refuses an empty description: 'Description cannot be empty!'", async () => {
    const { user, api, form, input, save } = await openForm('Edit description');
    expect(input).toHaveValue('We hunt together.');
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(save);
    expect(within(form).getByRole('alert')).toHaveTextContent('Description cannot be empty!');
    await settle();
    expect(api.callsTo(UPDATE_URL)).toHaveLength(0);
  });

  it('refuses more than 200 characters', async () => {
    const { user, api, form, input, save } = await openForm('Edit description');
    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    expect(within(form).getByTestId('description-counter')).toHaveTextContent('201/200');
    await user.click(save);
    expect(within(form).getByRole('alert')).toHaveTextContent('Description must be at most 200 characters.');
    await settle();
    expect(api.callsTo(UPDATE_URL)).toHaveLength(0);
  });

  it('saves the trimmed description alone', async () => {
    const { user, api, input, save, setAlliance } = await openForm('Edit description');
    api.on('POST', UPDATE_URL, () => {
      setAlliance(allianceView({ description: 'Strength in numbers.' }));
      return ok(AllianceMessages.descriptionUpdated);
    });
    await user.clear(input);
    await user.type(input, ' Strength in numbers. ');
    await user.click(save);

    await waitFor(() => expect(screen.getByTestId('alliance-description')).toHaveTextContent('Strength in numbers.'));
    expect(bodiesSentTo(api, UPDATE_URL)).toEqual([{ hiveUsername: PLAYER, allianceId: 7, description: 'Strength in numbers.' }]);
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent('Description updated.');
  });

  it("falls back to 'Failed to update description.'", async () => {
    const { user, api, input, save } = await openForm('Edit description');
    api.on('POST', UPDATE_URL, { status: 500 });
    await user.type(input, '!');
    await user.click(save);
    expect(within(await screen.findByTestId('alliance-feedback')).getByRole('alert')).toHaveTextContent('Failed to update description.');
  });
});

describe('Expand capacity', () => {
  it('shows the price of the next place and disables Expand at the maximum with its message', async () => {
    const { setAlliance, queryClient } = await openAlliance(allianceView());
    const capacity = screen.getByTestId('alliance-capacity');
    expect(within(capacity).getByTestId('expansion-cost')).toHaveTextContent('+1 member for 30,000 RUNIK');
    expect(within(capacity).getByRole('button', { name: 'Expand' })).toBeEnabled();

    setAlliance(allianceView({ maxMembers: 10, canExpand: false, nextExpansionCost: null }));
    await queryClient.invalidateQueries();
    await waitFor(() => expect(within(capacity).getByRole('button', { name: 'Expand' })).toBeDisabled());
    expect(capacity).toHaveTextContent('Maximum capacity of 10 members reached.');
    expect(within(capacity).queryByTestId('expansion-cost')).not.toBeInTheDocument();
  });

  it('asks first, expands, then reloads the alliance and the RUNIK balance', async () => {
    const { user, api, setAlliance, queryClient } = await openAlliance(allianceView());
    queryClient.setQueryData(cityKeys.city(PLAYER), { runik: 50_000 });
    api.on('POST', EXPAND_URL, () => {
      setAlliance(allianceView({ maxMembers: 5, nextExpansionCost: 40_000 }));
      return ok(AllianceMessages.expanded(5));
    });
    await user.click(screen.getByRole('button', { name: 'Expand' }));

    expect(await answerConfirmation(true)).toBe('Spend 30,000 RUNIK to raise the capacity to 5 members?');
    await waitFor(() => expect(screen.getByTestId('alliance-member-count')).toHaveTextContent('3/5'));
    expect(bodiesSentTo(api, EXPAND_URL)).toEqual([{ hiveUsername: PLAYER, allianceId: 7 }]);
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent('Capacity expanded to 5 members.');
    expect(screen.getByTestId('expansion-cost')).toHaveTextContent('+1 member for 40,000 RUNIK');
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, api } = await openAlliance(allianceView());
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    await answerConfirmation(false);
    await settle();
    expect(api.callsTo(EXPAND_URL)).toHaveLength(0);
  });

  it.each([
    [{ status: 400, data: { error: 'Insufficient RUNIK. You need 30000 RUNIK.' } }, 'Insufficient RUNIK. You need 30000 RUNIK.'],
    [{ status: 500 }, 'Failed to expand alliance capacity.'],
  ])('relays a refused expansion (%j)', async (response, message) => {
    const { user, api } = await openAlliance(allianceView());
    api.on('POST', EXPAND_URL, response);
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    await answerConfirmation(true);
    expect(within(await screen.findByTestId('alliance-feedback')).getByRole('alert')).toHaveTextContent(message);
  });
});
