import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllianceMessages, ApiRoutes } from '@runik/contract';
import { ALLIANCE_ICONS } from '@runik/rules';
import { cityKeys } from '../../shared/query-keys';
import { settle } from '../../testing/city-fixtures';
import { answerConfirmation } from '../../testing/dialogs';
import { allianceView, bodiesSentTo, ok, openAlliance, PLAYER } from '../../testing/alliance-fixtures';

const CREATE_URL = ApiRoutes.allianceCreate;

async function openCreateForm() {
  const opened = await openAlliance(null);
  await opened.user.click(screen.getByRole('button', { name: 'Create Alliance' }));
  const form = screen.getByRole('form', { name: 'Create Alliance' });
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  return { ...opened, form, name: field('Name'), tag: field('Tag'), description: field('Description') };
}

type Form = Awaited<ReturnType<typeof openCreateForm>>;

async function fill({ user, name, tag, description }: Form, values: { name?: string; tag?: string; description?: string }) {
  if (values.name) await user.type(name, values.name);
  if (values.tag) await user.type(tag, values.tag);
  if (values.description) await user.type(description, values.description);
}

function submit(form: HTMLElement) {
  fireEvent.click(within(form).getByRole('button', { name: 'Create Alliance' }));
}

async function expectRefused(opened: Form, message: string) {
  submit(opened.form);
  expect(within(opened.form).getByRole('alert')).toHaveTextContent(`${message}`);
  await settle();
  expect(opened.api.callsTo(CREATE_URL)).toHaveLength(0);
}

describe('Without an alliance', () => {
  it('offers Create Alliance at 25,000.000 RUNIK and Join Alliance, one view at a time', async () => {
    const { user } = await openAlliance(null);
    expect(screen.getByTestId('alliance-creation-cost')).toHaveTextContent('Cost: 25,000 RUNIK');
    expect(screen.getByRole('button', { name: 'Join Alliance' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Create Alliance' }));
    // Only the form's own button is left, so a player (or a test) cannot press the wrong one.
    expect(screen.getAllByRole('button', { name: 'Create Alliance' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Join Alliance' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Join Alliance' })).toBeInTheDocument();
  });
});

describe('Create Alliance form', () => {
  it('offers the 16 icons with their labels, shield chosen by default', async () => {
    const { form } = await openCreateForm();
    const icons = within(within(form).getByRole('group', { name: 'Icon' })).getAllByRole('radio');
    expect(icons.map((radio) => (radio as HTMLInputElement).value)).toEqual(ALLIANCE_ICONS.map((icon) => icon.id));
    expect(within(form).getByRole('radio', { name: 'Shield' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Lightning' })).toHaveAttribute('value', 'bolt');
    expect(within(form).getByRole('radio', { name: 'Thunder' })).toHaveAttribute('value', 'lightning');
    expect(within(form).getByRole('radio', { name: 'Blades' })).toHaveAttribute('value', 'swordsPower');
  });

  it('upper-cases the tag as it is typed, says at once when it is longer than 3 instead of cutting it, and keeps the name to 30', async () => {
    const { user, tag, name, form } = await openCreateForm();
    await user.type(tag, 'abc');
    expect(tag).toHaveValue('ABC');
    expect(within(form).queryByTestId('tag-length-error')).toBeNull();
    await user.type(tag, 'd');
    expect(tag).toHaveValue('ABCD');
    expect(tag).toHaveAttribute('aria-invalid', 'true');
    expect(tag).toHaveAccessibleDescription(AllianceMessages.tagLength);
    await user.type(tag, '{Backspace}');
    expect(within(form).queryByTestId('tag-length-error')).toBeNull();
    await user.type(name, 'x'.repeat(35));
    expect(name).toHaveValue('x'.repeat(30));
  });

  it("refuses a tag that is not 3 characters: 'Alliance Tag must be exactly 3 characters!'", async () => {
    const opened = await openCreateForm();
    await fill(opened, { name: 'Iron Wolves', tag: 'ab', description: 'We hunt.' });
    expect(opened.tag).toHaveValue('AB');
    await expectRefused(opened, 'Alliance Tag must be exactly 3 characters!');
  });

  it('refuses a tag with other characters than letters and digits', async () => {
    const opened = await openCreateForm();
    await fill(opened, { name: 'Iron Wolves', tag: 'a-b', description: 'We hunt.' });
    await expectRefused(opened, AllianceMessages.tagCharacters);
  });

  it('refuses a blank name', async () => {
    const opened = await openCreateForm();
    await fill(opened, { name: '   ', tag: 'IRW', description: 'We hunt.' });
    await expectRefused(opened, 'Alliance name is required.');
  });

  it('requires a description', async () => {
    const opened = await openCreateForm();
    await fill(opened, { name: 'Iron Wolves', tag: 'IRW', description: '  ' });
    await expectRefused(opened, 'Description is required.');
  });

  it('counts the description and refuses more than 200 characters', async () => {
    const opened = await openCreateForm();
    await fill(opened, { name: 'Iron Wolves', tag: 'IRW' });
    fireEvent.change(opened.description, { target: { value: 'w'.repeat(200) } });
    expect(within(opened.form).getByTestId('description-counter')).toHaveTextContent('200/200');
    fireEvent.change(opened.description, { target: { value: 'w'.repeat(201) } });
    expect(within(opened.form).getByTestId('description-counter')).toHaveTextContent('201/200');
    await expectRefused(opened, 'Description must be at most 200 characters.');
  });

  it('clears the refusal once the player edits the form', async () => {
    const opened = await openCreateForm();
    submit(opened.form);
    expect(within(opened.form).getByRole('alert')).toHaveTextContent('Alliance name is required.');
    await opened.user.type(opened.name, 'I');
    expect(within(opened.form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates the alliance, then shows it with the success message and reloads the RUNIK balance', async () => {
    const opened = await openCreateForm();
    const { api, user, form, setAlliance, queryClient } = opened;
    queryClient.setQueryData(cityKeys.city(PLAYER), { runik: 30_000 });
    api.on('POST', CREATE_URL, () => {
      setAlliance(allianceView({ name: 'Iron Wolves', tag: 'IRW', icon: 'dragon', members: [PLAYER], memberCount: 1, maxMembers: 2 }));
      return ok(AllianceMessages.created);
    });

    await fill(opened, { name: '  Iron Wolves ', tag: 'irw', description: 'We hunt together.' });
    await user.click(within(form).getByRole('radio', { name: 'Dragon' }));
    submit(form);
    // A big spend says what is lost before it goes (issue 35).
    expect(await answerConfirmation(true)).toBe(
      'Create Iron Wolves [IRW] for 25,000 RUNIK? The fee is spent for good: disbanding or leaving gives none of it back.',
    );

    expect(await screen.findByTestId('alliance-overview')).toBeInTheDocument();
    expect(bodiesSentTo(api, CREATE_URL)).toEqual([
      { hiveUsername: PLAYER, name: 'Iron Wolves', tag: 'IRW', icon: 'dragon', description: 'We hunt together.' },
    ]);
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent('Alliance created successfully!');
    expect(screen.getByTestId('alliance-name')).toHaveTextContent('Iron Wolves');
    expect(screen.getByRole('img', { name: 'Dragon' })).toBeInTheDocument();
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
  });

  it('sends nothing when the creation’s confirmation is declined', async () => {
    const opened = await openCreateForm();
    await fill(opened, { name: 'Iron Wolves', tag: 'irw', description: 'We hunt together.' });
    submit(opened.form);
    await answerConfirmation(false);
    await settle();
    expect(bodiesSentTo(opened.api, CREATE_URL)).toEqual([]);
  });

  it.each([
    [{ status: 409, data: { error: AllianceMessages.nameTaken } }, `${AllianceMessages.nameTaken}`],
    [
      { status: 400, data: { error: 'Insufficient RUNIK. You need 25000 RUNIK to create an alliance.' } },
      'Insufficient RUNIK. You need 25000 RUNIK',
    ],
    [{ status: 500 }, 'Failed to create alliance. Please try again.'],
  ])('relays a refused creation (%j)', async (response, message) => {
    const opened = await openCreateForm();
    opened.api.on('POST', CREATE_URL, response);
    await fill(opened, { name: 'Iron Wolves', tag: 'IRW', description: 'We hunt.' });
    submit(opened.form);
    await answerConfirmation(true);

    const feedback = await screen.findByTestId('alliance-feedback');
    expect(within(feedback).getByRole('alert')).toHaveTextContent(message);
    // The form stays as it was, to try again.
    expect(opened.name).toHaveValue('Iron Wolves');
    await waitFor(() => expect(within(opened.form).getByRole('button', { name: 'Create Alliance' })).toBeEnabled());
  });
});
