import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, type ConvertToResourcesResponse } from '@runik/contract';
import { fromThousandths, parseDecimal, runikCostOf, type ResourceKey } from '@runik/rules';
import { advance, cityResponse, openCity, PLAYER, previewCallsTo, realCallsTo, settle } from '../../testing/city-fixtures';
import { answerConfirmation, toastTexts } from '../../testing/dialogs';
import type { FakeApi, RecordedRequest } from '../../testing/fake-api';

const URL = ApiRoutes.cityConvertToResources(PLAYER);

function serveReverseConversion(api: FakeApi) {
  return api.on('POST', URL, (request: RecordedRequest) => {
    const { preview, ...wanted } = request.body as Partial<Record<ResourceKey, string>> & { preview?: boolean };
    const amounts = Object.fromEntries(Object.entries(wanted).map(([key, value]) => [key, parseDecimal(value ?? '') ?? 0]));
    const runikCost = fromThousandths(runikCostOf(amounts));
    const requested = Object.fromEntries(Object.entries(amounts).map(([key, value]) => [key, fromThousandths(value)]));
    if (preview) return { status: 200, data: { runikCost, resources: requested } };
    const data: ConvertToResourcesResponse = {
      runikCost,
      resources: {
        wheat: 1000 + (requested.wheat ?? 0),
        lumber: 1000 + (requested.lumber ?? 0),
        stone: 1000,
        ore: 1000,
        runik: 10 - runikCost,
      },
      received: requested,
    };
    return { status: 200, data };
  });
}

async function openReverse(chLevel: number, runik: number, options: { fakeTimers?: boolean } = {}) {
  const opened = await openCity(cityResponse({ chLevel, resources: { runik } }), options);
  serveReverseConversion(opened.api);
  fireEvent.click(screen.getByRole('button', { name: 'Convert to Resources' }));
  return { ...opened, dialog: screen.getByRole('dialog', { name: 'Convert RUNIK to Resources' }) };
}

function submit(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
}

describe('Convert RUNIK to Resources', () => {
  it('offers only the resources City Hall has unlocked', async () => {
    const { dialog } = await openReverse(1, 10);
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Wheat', 'Lumber']);
  });

  it('offers all four at City Hall level 3', async () => {
    const { dialog } = await openReverse(3, 10);
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(4);
    expect(within(dialog).getByLabelText('Ore')).toBeInTheDocument();
  });

  it('asks for at least one resource', async () => {
    const { dialog, api } = await openReverse(1, 10);
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please specify at least one resource to convert to.');
    await settle();
    expect(api.callsTo(URL)).toHaveLength(0);
  });

  it('takes up to 2 decimals and shows the RUNIK cost with 3', async () => {
    const { user, dialog } = await openReverse(1, 10);
    await user.type(within(dialog).getByLabelText('Wheat'), '1.239');
    expect(within(dialog).getByLabelText('Wheat')).toHaveValue('1.23');
    // 1.23 / 200 = 0.00615, rounded up.
    expect(within(dialog).getByTestId('runik-cost')).toHaveTextContent('0.007');
    expect(within(dialog).getByTestId('runik-available')).toHaveTextContent('10.000');
  });

  it('refuses a cost above the RUNIK held', async () => {
    const { user, dialog, api } = await openReverse(1, 1);
    await user.type(within(dialog).getByLabelText('Wheat'), '300');
    await user.type(within(dialog).getByLabelText('Lumber'), '0.01');
    submit(dialog);
    // 300 / 200 + 0.01 / 160 = 1.5000625, rounded up to 1.501.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough RUNIK. Required: 1.501, Available: 1.000');
    await settle();
    expect(realCallsTo(api, URL)).toHaveLength(0);
  });

  it('previews the cost on the server once the typing has paused for 300 ms', async () => {
    vi.useFakeTimers();
    const { dialog, api } = await openReverse(1, 10, { fakeTimers: true });
    fireEvent.change(within(dialog).getByLabelText('Wheat'), { target: { value: '4' } });
    await advance(150);
    fireEvent.change(within(dialog).getByLabelText('Wheat'), { target: { value: '40' } });
    await advance(299);
    expect(previewCallsTo(api, URL)).toHaveLength(0);
    await advance(1);
    await advance(0);
    expect(previewCallsTo(api, URL).map((request) => request.body)).toEqual([{ wheat: '40.00', preview: true }]);
    expect(within(dialog).getByTestId('runik-cost')).toHaveTextContent(/^0\.200$/);
  });

  it('splits the RUNIK equally among the unlocked resources with Max Equal', async () => {
    const { user, dialog } = await openReverse(1, 10);
    await user.click(within(dialog).getByRole('button', { name: 'Max Equal' }));
    // 5 RUNIK each: 1000 wheat, 800 lumber.
    expect(within(dialog).getByLabelText('Wheat')).toHaveValue('1000.00');
    expect(within(dialog).getByLabelText('Lumber')).toHaveValue('800.00');
    expect(within(dialog).getByTestId('runik-cost')).toHaveTextContent('10.000');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, dialog, api } = await openReverse(1, 10);
    await user.type(within(dialog).getByLabelText('Wheat'), '100');
    submit(dialog);
    expect(await answerConfirmation(false)).toBe('Spend 0.500 RUNIK for 100.00 Wheat?');
    await settle();
    expect(realCallsTo(api, URL)).toHaveLength(0);
  });

  it('converts after confirmation and says what was received', async () => {
    const { user, dialog, api } = await openReverse(1, 10);
    await user.click(within(dialog).getByRole('button', { name: 'Max Equal' }));
    submit(dialog);
    await answerConfirmation(true);

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Converted! You received 1,000.00 Wheat, 800.00 Lumber.');
    expect(realCallsTo(api, URL).map((request) => request.body)).toEqual([{ wheat: '1000.00', lumber: '800.00' }]);
    expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^0$/);
    expect(screen.getByTestId('amount-wheat')).toHaveTextContent('2,000.00');
    expect(within(dialog).getByLabelText('Wheat')).toHaveValue('');
  });

  it.each([
    [{ status: 400, data: { error: 'Stone is not unlocked at your City Hall level.' } }, 'Stone is not unlocked at your City Hall level.'],
    [{ status: 503 }, 'Failed to convert RUNIK to resources'],
  ])('tells a failed conversion in an error toast (%j)', async (response, message) => {
    const { user, dialog, api } = await openReverse(1, 10);
    await user.type(within(dialog).getByLabelText('Wheat'), '100');
    api.on('POST', URL, response);
    submit(dialog);
    await answerConfirmation(true);
    await waitFor(() => expect(toastTexts('error')).toEqual([message]));
  });
});
