import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, type ConvertPreviewResponse, type ConvertResponse, type Resources } from '@runik/contract';
import {
  DAILY_CONVERSION_CAP_RUNIK,
  fromThousandths,
  parseDecimal,
  previewToRunik,
  recordOf,
  RESOURCE_KEYS,
  toThousandths,
  type ResourceKey,
} from '@runik/rules';
import { advance, cityResponse, openCity, PLAYER, previewCallsTo, realCallsTo, settle } from '../../testing/city-fixtures';
import { answerConfirmation, toastTexts } from '../../testing/dialogs';
import { SPOTLIGHT_ATTRIBUTE } from '../../shared/first-step-spotlight';
import type { FakeApi, RecordedRequest } from '../../testing/fake-api';

const CONVERT_URL = ApiRoutes.cityConvert(PLAYER);
/** The daily cap as a preview reports it: untouched today. */
const FULL_DAY = {
  conversionCapPerDay: fromThousandths(DAILY_CONVERSION_CAP_RUNIK),
  conversionLeftToday: fromThousandths(DAILY_CONVERSION_CAP_RUNIK),
  conversionDayEndsAt: '2026-05-02T00:00:00.000Z',
  conversionLimitedBy: 'cap' as const,
  emissionShareToday: null,
  emissionBudgetLeftToday: null,
};

/** The server's answer for `held` resources: its rules are the shared previewToRunik. */
function serveConversion(api: FakeApi, held: Resources) {
  return api.on('POST', CONVERT_URL, (request: RecordedRequest) => {
    const body = request.body as { selectedResources: ResourceKey[]; amount: string; preview?: boolean };
    const thousandths = recordOf(RESOURCE_KEYS, (resource) => toThousandths(held[resource]));
    const amount = parseDecimal(body.amount) ?? 0;
    const preview = previewToRunik(body.selectedResources, amount, thousandths);
    const data: ConvertPreviewResponse = {
      runikAfterTax: fromThousandths(preview.runikAfterTax),
      taxRatePercent: preview.taxRatePercent,
      maxAmount: fromThousandths(preview.maxAmount),
      resourceAmounts: Object.fromEntries(Object.entries(preview.resourceAmounts).map(([key, value]) => [key, fromThousandths(value)])),
      feasible: preview.feasible,
      ...FULL_DAY,
    };
    if (body.preview) return { status: 200, data };
    const after = { ...held };
    for (const resource of body.selectedResources) after[resource] = fromThousandths(thousandths[resource] - amount);
    after.runik = fromThousandths(toThousandths(held.runik) + preview.runikAfterTax);
    const result: ConvertResponse = { ...data, resources: after, runikGained: data.runikAfterTax, taxRate: preview.taxRatePercent / 100 };
    return { status: 200, data: result };
  });
}

const HELD: Resources = { wheat: 1000, lumber: 50, stone: 0.99, ore: 0.991, runik: 1 };

async function openConversion(held: Resources = HELD, options: { fakeTimers?: boolean } = {}) {
  const opened = await openCity(cityResponse({ resources: held }), options);
  serveConversion(opened.api, held);
  fireEvent.click(screen.getByRole('button', { name: 'Convert to RUNIK' }));
  const dialog = screen.getByRole('dialog', { name: 'Convert Resources to RUNIK' });
  return { ...opened, dialog, amount: within(dialog).getByLabelText('Amount of each') as HTMLInputElement };
}

function submit(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
}

describe('Convert Resources to RUNIK', () => {
  it('lets only resources held above 0.99 be selected', async () => {
    const { dialog } = await openConversion();
    expect(within(dialog).getByRole('checkbox', { name: 'Wheat' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Lumber' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Stone' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Ore' })).toBeEnabled();
  });

  it('takes digits with up to 2 decimals in the amount', async () => {
    const { user, amount } = await openConversion();
    await user.type(amount, 'a1x2.3456');
    expect(amount).toHaveValue('12.34');
  });

  it('asks for a resource, then for a valid amount', async () => {
    const { user, dialog, amount, api } = await openConversion();
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select at least one resource to convert.');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid amount to convert.');

    await user.type(amount, '0.00');
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid amount to convert.');
    await settle();
    expect(realCallsTo(api, CONVERT_URL)).toHaveLength(0);
  });

  it('refuses an amount above the maximum conversion', async () => {
    const { user, dialog, amount, api } = await openConversion();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lumber' }));
    await user.type(amount, '60');
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount exceeds maximum conversion: 50.00');
    await settle();
    expect(realCallsTo(api, CONVERT_URL)).toHaveLength(0);
  });

  it("shows what is left of the day's conversion cap, and refuses an amount over it", async () => {
    const { user, dialog, amount, api } = await openConversion();
    // 0.4 RUNIK left today, though 1,000 wheat are held.
    api.on('POST', CONVERT_URL, {
      status: 200,
      data: {
        runikAfterTax: 0.45,
        taxRatePercent: 10,
        maxAmount: 88.88,
        resourceAmounts: { wheat: 100 },
        feasible: true,
        ...FULL_DAY,
        conversionLeftToday: 0.4,
      },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.type(amount, '100');
    expect(await within(dialog).findByTestId('preview-left-today')).toHaveTextContent('0.400 of 300.000 RUNIK');
    submit(dialog);
    // The server's maximum honours the cap: 0.4 RUNIK after tax is at most 88.88 wheat.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount exceeds maximum conversion: 88.88');
    await settle();
    expect(realCallsTo(api, CONVERT_URL)).toHaveLength(0);
  });

  it('says inline when the preview is not feasible, and refuses to send', async () => {
    const { user, dialog, amount, api } = await openConversion();
    // A server that knows of a balance change the page has not seen yet.
    api.on('POST', CONVERT_URL, {
      status: 200,
      data: { runikAfterTax: 0.45, taxRatePercent: 10, maxAmount: 5, resourceAmounts: { wheat: 100 }, feasible: false, ...FULL_DAY },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.type(amount, '100');

    expect(await within(dialog).findByTestId('insufficient-hint')).toHaveTextContent('Insufficient resources for this amount. Max: 5.00');
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount exceeds maximum conversion: 5.00');
  });

  it("refuses with 'Insufficient resources for this amount.' when the preview is not feasible within the maximum", async () => {
    const { user, dialog, amount, api } = await openConversion();
    api.on('POST', CONVERT_URL, {
      status: 200,
      data: { runikAfterTax: 0.045, taxRatePercent: 10, maxAmount: 50, resourceAmounts: { wheat: 10 }, feasible: false, ...FULL_DAY },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.type(amount, '10');
    await within(dialog).findByTestId('insufficient-hint');
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Insufficient resources for this amount\.$/);
    await settle();
    expect(realCallsTo(api, CONVERT_URL)).toHaveLength(0);
  });

  it('fetches one preview 300 ms after the typing stops, and shows it', async () => {
    vi.useFakeTimers();
    const { dialog, amount, api } = await openConversion(HELD, { fakeTimers: true });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Lumber' }));
    for (const typed of ['1', '10', '10.', '10.5']) {
      fireEvent.change(amount, { target: { value: typed } });
      await advance(100);
    }
    await advance(199);
    expect(previewCallsTo(api, CONVERT_URL)).toHaveLength(0);
    await advance(1);
    await advance(0);

    expect(previewCallsTo(api, CONVERT_URL).map((request) => request.body)).toEqual([
      { selectedResources: ['wheat', 'lumber'], amount: '10.50', preview: true },
    ]);
    // 10.5 / 200 + 10.5 / 160 = 0.118125 RUNIK, less 10% = 0.106.
    expect(within(dialog).getByTestId('preview-runik')).toHaveTextContent('0.106');
    expect(within(dialog).getByTestId('preview-tax')).toHaveTextContent('10%');
    expect(within(dialog).getByTestId('preview-wheat')).toHaveTextContent('10.50');
    expect(within(dialog).getByTestId('preview-lumber')).toHaveTextContent('10.50');

    await advance(5_000);
    expect(previewCallsTo(api, CONVERT_URL)).toHaveLength(1);
  });

  it('fills Max with the maximum rounded down to 1 decimal', async () => {
    const held = { ...HELD, wheat: 123.456, lumber: 200.999 };
    const { user, dialog, amount } = await openConversion(held);
    expect(within(dialog).getByRole('button', { name: 'Max' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('123.4');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lumber' }));
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('123.4');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('200.9');
  });

  it('suggests an amount that keeps 5 infantry trainable, warns when Max leaves less, and offers the way back', async () => {
    const { user, dialog, amount } = await openConversion({ wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 0 });
    for (const name of ['Wheat', 'Lumber', 'Stone', 'Ore']) await user.click(within(dialog).getByRole('checkbox', { name }));
    // 5 infantry need 50 wheat, 25 lumber and 12.5 ore: 950 of each may go.
    expect(within(dialog).getByTestId('safe-amount')).toHaveTextContent('Suggested: 950.00 each keeps enough to train 5 infantry.');
    await user.click(within(dialog).getByRole('button', { name: 'Use 950.00' }));
    expect(amount).toHaveValue('950.0');
    expect(within(dialog).queryByTestId('reserve-warning')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('1000.0');
    expect(within(dialog).getByTestId('reserve-warning')).toHaveTextContent(
      'This leaves too little Wheat, Lumber, Ore to train 5 infantry.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Convert RUNIK to Resources' }));
    expect(screen.queryByRole('dialog', { name: 'Convert Resources to RUNIK' })).toBeNull();
    expect(screen.getByRole('dialog', { name: /Convert RUNIK to Resources/ })).toBeInTheDocument();
  });

  // Issue 45: the guide's card said "at the suggested amount" and the popup opened empty.
  it("opens from the guide's card with the resources and the suggested amount the card names", async () => {
    const held = { wheat: 1000, lumber: 100, stone: 80, ore: 60, runik: 0 };
    const opened = await openCity(cityResponse({ resources: held }));
    serveConversion(opened.api, held);
    const button = screen.getByRole('button', { name: 'Convert to RUNIK' });
    button.setAttribute(SPOTLIGHT_ATTRIBUTE, '');
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Convert Resources to RUNIK' });
    expect(within(dialog).getByRole('checkbox', { name: 'Wheat' })).not.toBeChecked();
    for (const name of ['Lumber', 'Stone', 'Ore']) expect(within(dialog).getByRole('checkbox', { name })).toBeChecked();
    // Keeps 25 lumber and 12.5 ore for 5 infantry: 47.5 of each.
    expect(within(dialog).getByLabelText('Amount of each')).toHaveValue('47.5');
    expect(within(dialog).queryByTestId('reserve-warning')).toBeNull();
    await settle();
    expect(previewCallsTo(opened.api, CONVERT_URL).at(-1)?.body).toMatchObject({
      selectedResources: ['lumber', 'stone', 'ore'],
      amount: '47.50',
    });
  });

  it('opens empty from the RUNIK card when the guide points elsewhere', async () => {
    const { dialog, amount } = await openConversion();
    for (const checkbox of within(dialog).getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
    expect(amount).toHaveValue('');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, dialog, amount, api } = await openConversion();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.type(amount, '10');
    submit(dialog);
    expect(await answerConfirmation(false)).toBe('Convert 10.00 each of Wheat to 0.045 RUNIK after 10% tax?');
    await settle();
    expect(realCallsTo(api, CONVERT_URL)).toHaveLength(0);
  });

  it('converts after confirmation, updates the balances, closes the popup and tells the result in a toast', async () => {
    const { dialog, amount, api } = await openConversion();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    fireEvent.change(amount, { target: { value: '100' } });
    submit(dialog);
    expect(realCallsTo(api, CONVERT_URL)).toHaveLength(0);
    await answerConfirmation(true);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Convert Resources to RUNIK' })).toBeNull());
    expect(realCallsTo(api, CONVERT_URL).map((request) => request.body)).toEqual([{ selectedResources: ['wheat'], amount: '100.00' }]);
    expect(toastTexts()).toEqual(['Converted! You received 0.450 RUNIK.']);
    expect(screen.getByTestId('runik-amount')).toHaveTextContent('1.450');
    expect(screen.getByTestId('amount-wheat')).toHaveTextContent('900.00');
  });

  it.each([
    [{ status: 400, data: { error: 'Insufficient resources for this amount.' } }, 'Insufficient resources for this amount.'],
    [{ status: 500 }, 'Failed to convert resources'],
  ])('tells a failed conversion in an error toast (%j)', async (response, message) => {
    const { user, dialog, amount, api } = await openConversion();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wheat' }));
    await user.type(amount, '10');
    api.on('POST', CONVERT_URL, response);
    submit(dialog);
    await answerConfirmation(true);
    await waitFor(() => expect(toastTexts('error')).toEqual([message]));
    expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^1$/);
  });
});
