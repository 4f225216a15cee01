import { fireEvent, screen, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes, GearMessages, type EquippedGears } from '@runik/contract';
import { installFakeApi, serveInTurn, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { equippedGears, freezeDate, gear, NOW, PLAYER } from './gear-fixtures';
import { GearsPage } from './GearsPage';

const EQUIPPED_URL = `${ApiRoutes.gearsEquipped(PLAYER)}?_t=${NOW.getTime()}`;

async function openGears(equipped: EquippedGears | Responder) {
  freezeDate();
  const responder: Responder =
    typeof equipped === 'function' || 'status' in equipped ? (equipped as Responder) : { status: 200, data: { equippedGears: equipped } };
  const api = installFakeApi().on('GET', EQUIPPED_URL, responder);
  logInAs(PLAYER);
  renderWithProviders(<GearsPage />, AppRoutes.gears);
  return api;
}

const slot = (type: string) => screen.getByTestId(`slot-${type}`);

describe('the Gears page', () => {
  it('asks for the equipped gears with a cache-busting _t and no token in a header', async () => {
    const api = await openGears(equippedGears());
    await screen.findByTestId('slot-infantry');
    expect(api.requests.map((request) => [request.method, request.url, request.authorization])).toEqual([['GET', EQUIPPED_URL, null]]);
  });

  it('shows the commander slots, then the mayor slots, each equipped gear with name, rarity, stat and experience', async () => {
    await openGears(
      equippedGears({
        wheat: gear(7, 'wheat', 'rare', { level: 2, currentExp: 40, requiredExp: 200, expProgress: 20 }),
        archer: gear(8, 'archer', 'mythical', { level: 3 }),
      }),
    );
    const commander = await screen.findByRole('region', { name: 'Commander Gear' });
    const mayor = screen.getByRole('region', { name: 'Mayor Gear' });
    expect(
      within(commander)
        .getAllByRole('button', { name: /slot$/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Infantry slot', 'Archer slot', 'Cavalry slot']);
    expect(
      within(mayor)
        .getAllByRole('button', { name: /slot$/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Wheat slot', 'Lumber slot', 'Stone slot', 'Ore slot']);

    const wheat = within(slot('wheat')).getByTestId('gear-7');
    expect(within(wheat).getByTestId('gear-name')).toHaveTextContent('Rare Wheat Gear Lv.2');
    expect(within(wheat).getByTestId('gear-rarity')).toHaveTextContent('Rare');
    expect(wheat).toHaveClass('rarity--rare');
    expect(within(wheat).getByTestId('gear-stat')).toHaveTextContent(/^\+2\.4% Wheat Production$/);
    expect(within(wheat).getByTestId('gear-exp')).toHaveTextContent('40 / 200 EXP');
    expect(within(wheat).getByRole('progressbar', { name: 'Experience' })).toHaveAttribute('aria-valuenow', '20');
    // Mythical base 12% + 2 levels of 2.4%.
    expect(within(slot('archer')).getByTestId('gear-stat')).toHaveTextContent(/^\+16\.8% Archer Attack$/);

    for (const empty of ['infantry', 'cavalry', 'lumber', 'stone', 'ore']) {
      expect(within(slot(empty)).getByTestId('slot-empty')).toHaveTextContent('Empty');
      expect(within(slot(empty)).queryByRole('button', { name: 'Unequip' })).not.toBeInTheDocument();
    }
    expect(within(slot('wheat')).getByRole('button', { name: 'Unequip' })).toBeEnabled();
    expect(within(slot('archer')).getByRole('button', { name: 'Unequip' })).toBeEnabled();
  });

  it('draws each equipped gear as its type in a frame of its rarity, and each slot with its type', async () => {
    await openGears(equippedGears({ archer: gear(8, 'archer', 'mythical', { level: 3 }) }));
    const archer = await screen.findByTestId('gear-8');
    // The drawing is decorative: the name and rarity say the same in words.
    expect(archer.querySelector('.game-icon-frame--mythical [aria-hidden="true"] svg')).not.toBeNull();
    expect(slot('cavalry').querySelector('.gear-slot__title svg')).not.toBeNull();
  });

  it('asks a logged-out visitor to log in, without calling the server', async () => {
    const api = installFakeApi();
    renderWithProviders(<GearsPage />, AppRoutes.gears);
    expect(screen.getByText('Please log in to access your gears.')).toHaveAttribute('role', 'status');
    expect(api.requests).toEqual([]);
  });

  it.each([
    ['no message from the server', { status: 500 }, GearMessages.failedEquipped],
    ["the server's message", { status: 404, data: { error: 'User not found.' } }, 'User not found.'],
    [
      'a network error',
      () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)),
      'Network error. Please check your connection and try again.',
    ],
  ] as [string, Responder, string][])('shows %s when the equipped gears fail to load', async (_case, responder, message) => {
    await openGears(responder);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('slot-infantry')).not.toBeInTheDocument();
  });

  it('loads the equipped gears again from Try again after a failed load', async () => {
    const api = await openGears({ status: 500 });
    serveInTurn(api, 'GET', EQUIPPED_URL, { equippedGears: equippedGears() });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('slot-infantry')).toBeInTheDocument();
    expect(api.callsTo(EQUIPPED_URL)).toHaveLength(2);
  });
});
