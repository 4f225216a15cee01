import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, type HealResponse } from '@runik/contract';
import { cityResponse, openCity, PLAYER, settle } from '../../testing/city-fixtures';
import { answerConfirmation, toastTexts } from '../../testing/dialogs';

const HEAL_URL = ApiRoutes.cityHeal(PLAYER);
const INJURED = { infantry: 10, archers: 4, cavalries: 2 };

async function openHeal({ chLevel = 1, resources = {} } = {}) {
  const opened = await openCity(cityResponse({ chLevel, resources, sanctum: { injured: INJURED } }));
  fireEvent.click(within(screen.getByTestId('sanctum-card')).getByRole('button', { name: 'Heal' }));
  const dialog = screen.getByRole('dialog', { name: 'Heal Troops' });
  const slider = (name: string) => within(dialog).getByRole('slider', { name }) as HTMLInputElement;
  return { ...opened, dialog, slider };
}

function submit(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Heal' }));
}

describe('Sanctum and Heal Troops', () => {
  it('shows the injured counts on the Sanctum card', async () => {
    await openCity(cityResponse({ sanctum: { injured: INJURED } }));
    expect(screen.getByTestId('injured-infantry')).toHaveTextContent('10');
    expect(screen.getByTestId('injured-archers')).toHaveTextContent('4');
    expect(screen.getByTestId('injured-cavalries')).toHaveTextContent('2');
  });

  it('has a slider per unit from 0 to its injured count, disabled while its building is locked', async () => {
    const { dialog, slider } = await openHeal({ chLevel: 3 });
    expect(slider('Infantry')).toHaveAttribute('min', '0');
    expect(slider('Infantry')).toHaveAttribute('max', '10');
    expect(slider('Infantry')).toHaveValue('0');
    expect(slider('Infantry')).toBeEnabled();
    expect(slider('Archers')).toHaveAttribute('max', '4');
    expect(slider('Archers')).toBeEnabled();
    // Stables open at City Hall 5.
    expect(slider('Cavalries')).toBeDisabled();
    expect(dialog).toHaveTextContent('Stables is locked until City Hall level 5.');

    fireEvent.change(slider('Infantry'), { target: { value: '99' } });
    expect(within(dialog).getByTestId('heal-count-infantry')).toHaveTextContent('10 / 10');
  });

  it("says 'No troops selected for healing.' with every slider at 0", async () => {
    const { dialog, api } = await openHeal();
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No troops selected for healing.');
    await settle();
    expect(api.callsTo(HEAL_URL)).toHaveLength(0);
  });

  it('costs a quarter of the training cost, and the resources must suffice', async () => {
    const { dialog, slider, api } = await openHeal({ resources: { wheat: 5 } });
    fireEvent.change(slider('Infantry'), { target: { value: '4' } });
    // Training 4 infantry: 40 wheat, 20 lumber, 0 stone, 10 ore.
    expect(within(dialog).getByTestId('cost-wheat')).toHaveTextContent('10.00');
    expect(within(dialog).getByTestId('cost-lumber')).toHaveTextContent('5.00');
    expect(within(dialog).getByTestId('cost-stone')).toHaveTextContent('0.00');
    expect(within(dialog).getByTestId('cost-ore')).toHaveTextContent('2.50');
    submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough wheat. Required: 10.00, Available: 5.00');
    await settle();
    expect(api.callsTo(HEAL_URL)).toHaveLength(0);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { dialog, slider, api } = await openHeal();
    fireEvent.change(slider('Infantry'), { target: { value: '4' } });
    submit(dialog);
    expect(await answerConfirmation(false)).toBe('Heal 4 Infantry for 10.00 Wheat, 5.00 Lumber, 2.50 Ore?');
    await settle();
    expect(api.callsTo(HEAL_URL)).toHaveLength(0);
  });

  it('heals after confirmation and updates the Sanctum', async () => {
    const { dialog, slider, api } = await openHeal();
    const response: HealResponse = {
      resources: { wheat: 990, lumber: 995, stone: 1000, ore: 997.5, runik: 0 },
      army: { infantry: 4, archers: 0, cavalries: 0 },
      sanctum: { injured: { ...INJURED, infantry: 6 } },
    };
    api.on('POST', HEAL_URL, { status: 200, data: response });
    fireEvent.change(slider('Infantry'), { target: { value: '4' } });
    submit(dialog);
    await answerConfirmation(true);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastTexts()).toEqual(['Healed 4 troops.']);
    expect(api.callsTo(HEAL_URL).map((request) => request.body)).toEqual([{ infantry: 4, archers: 0, cavalries: 0 }]);
    expect(screen.getByTestId('injured-infantry')).toHaveTextContent('6');
    expect(screen.getByTestId('amount-wheat')).toHaveTextContent('990.00');
    expect(screen.getByTestId('building-quarters')).toHaveTextContent('Infantry (4 trained)');
  });

  it.each([
    [
      { status: 400, data: { error: 'Not enough injured infantry to heal. Injured: 3' } },
      'Not enough injured infantry to heal. Injured: 3',
    ],
    [{ status: 500 }, 'Failed to heal troops'],
  ])('tells a failed healing in an error toast (%j)', async (response, message) => {
    const { dialog, slider, api } = await openHeal();
    api.on('POST', HEAL_URL, response);
    fireEvent.change(slider('Infantry'), { target: { value: '1' } });
    submit(dialog);
    await answerConfirmation(true);
    await waitFor(() => expect(toastTexts('error')).toEqual([message]));
  });
});
