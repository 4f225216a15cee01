import { screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes, GearMessages, type EquippedGears, type GearActionResponse } from '@runik/contract';
import { cityKeys } from '../../shared/query-keys';
import { installFakeApi, type FakeResponse, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { equippedGears, freezeDate, gear, NOW, PLAYER } from './gear-fixtures';
import { GearsPage } from './GearsPage';

const EQUIPPED_URL = `${ApiRoutes.gearsEquipped(PLAYER)}?_t=${NOW.getTime()}`;
const INFANTRY_URL = ApiRoutes.gearsAvailable(PLAYER, 'commander', 'infantry');

const networkError: Responder = () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK));

function actionResponse(message: string, equipped: EquippedGears): FakeResponse {
  return { status: 200, data: { success: true, message, equippedGears: equipped } satisfies GearActionResponse };
}

/**
 * Logs alice in and opens the Gears page on a server whose equipped gears the test can
 * change (`setEquipped`), as an equip would; resolves once the slots show.
 */
async function openGears(initial: EquippedGears) {
  freezeDate();
  let current = initial;
  const api = installFakeApi().on('GET', EQUIPPED_URL, () => ({ status: 200, data: { equippedGears: current } }));
  logInAs(PLAYER);
  const rendered = renderWithProviders(<GearsPage />, AppRoutes.gears);
  await screen.findByTestId('slot-infantry');
  const setEquipped = (next: EquippedGears) => {
    current = next;
  };
  return { api, setEquipped, ...rendered };
}

const slot = (type: string) => screen.getByTestId(`slot-${type}`);
const picker = () => screen.getByRole('dialog', { name: 'Equip Infantry Gear' });

describe('the equip picker', () => {
  it("opens on a slot, titled after it, listing the slot's available gears with Equip", async () => {
    const { api, user } = await openGears(equippedGears());
    api.on('GET', INFANTRY_URL, { status: 200, data: { gears: [gear(12, 'infantry', 'epic', { level: 4 }), gear(13, 'infantry')] } });

    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    const dialog = picker();
    expect(await within(dialog).findByTestId('gear-12')).toHaveTextContent('Epic Infantry Gear Lv.4');
    expect(within(dialog).getByTestId('gear-13')).toHaveTextContent('Common Infantry Gear Lv.1');
    expect(within(dialog).getAllByRole('button', { name: 'Equip' })).toHaveLength(2);
    expect(api.callsTo(INFANTRY_URL)).toHaveLength(1);
    expect(INFANTRY_URL).toBe(`/api/gears/available/${PLAYER}?category=commander&type=infantry`);
  });

  it('lists the best gear first: rarest, then highest level, never Common before Rare', async () => {
    const { api, user } = await openGears(equippedGears());
    const gears = [
      gear(20, 'infantry', 'common', { level: 9 }),
      gear(21, 'infantry', 'rare', { level: 1 }),
      gear(22, 'infantry', 'rare', { level: 3 }),
      gear(23, 'infantry', 'legendary'),
    ];
    api.on('GET', INFANTRY_URL, { status: 200, data: { gears } });
    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    await within(picker()).findByTestId('gear-20');
    const order = [...within(picker()).getAllByTestId(/^gear-\d+$/)].map((card) => card.dataset.testid);
    expect(order).toEqual(['gear-23', 'gear-22', 'gear-21', 'gear-20']);
  });

  it('asks for mayor gear of the slot type and says when there is none', async () => {
    const { api, user } = await openGears(equippedGears());
    const oreUrl = ApiRoutes.gearsAvailable(PLAYER, 'mayor', 'ore');
    api.on('GET', oreUrl, { status: 200, data: { gears: [] } });
    await user.click(screen.getByRole('button', { name: 'Ore slot' }));
    const dialog = screen.getByRole('dialog', { name: 'Equip Ore Gear' });
    expect(await within(dialog).findByTestId('picker-empty')).toHaveTextContent('No available gears for this slot.');
    expect(api.callsTo(oreUrl)).toHaveLength(1);
  });

  it('cannot equip a listed gear', async () => {
    const { api, user } = await openGears(equippedGears());
    api.on('GET', INFANTRY_URL, {
      status: 200,
      data: { gears: [gear(12, 'infantry', 'common', { isListed: true }), gear(13, 'infantry')] },
    });
    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    const listed = await within(picker()).findByTestId('gear-12');
    expect(listed).toHaveTextContent('Listed');
    expect(within(listed).getByRole('button', { name: 'Equip' })).toBeDisabled();
    expect(within(within(picker()).getByTestId('gear-13')).getByRole('button', { name: 'Equip' })).toBeEnabled();
  });

  it.each([
    ["the server's message", { status: 403, data: { error: 'Forbidden.' } }, 'Forbidden.'],
    ['the fallback', { status: 500 }, GearMessages.failedAvailable],
    ['the network error', networkError, 'Network error. Please check your connection and try again.'],
  ] as [string, Responder, string][])('shows %s when the available gears fail to load', async (_case, responder, message) => {
    const { api, user } = await openGears(equippedGears());
    api.on('GET', INFANTRY_URL, responder);
    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    expect(await within(picker()).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('equip', () => {
  it('posts the player, gear and slot, reloads the equipped gears and shows the gear in its slot', async () => {
    const { api, user, setEquipped, queryClient } = await openGears(equippedGears());
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    const epic = gear(12, 'infantry', 'epic', { level: 4 });
    api.on('GET', INFANTRY_URL, { status: 200, data: { gears: [epic] } }).on('POST', ApiRoutes.gearsEquip, () => {
      setEquipped(equippedGears({ infantry: { ...epic, isEquipped: true } }));
      return actionResponse(GearMessages.equipped, equippedGears({ infantry: epic }));
    });

    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    await user.click(await within(picker()).findByRole('button', { name: 'Equip' }));

    expect(await screen.findByTestId('gears-success')).toHaveTextContent(GearMessages.equipped);
    expect(api.callsTo(ApiRoutes.gearsEquip).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, gearId: 12, slotType: 'infantry' },
    ]);
    expect(api.callsTo(EQUIPPED_URL)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(slot('infantry')).getByTestId('gear-12')).toHaveTextContent('Epic Infantry Gear Lv.4');
    expect(within(slot('infantry')).getByRole('button', { name: 'Unequip' })).toBeEnabled();
    // Mayor gear changes production: the city is reloaded.
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
  });

  it('swaps into an occupied slot, saying what it replaces', async () => {
    const old = gear(5, 'infantry', 'common', { isEquipped: true });
    const rare = gear(6, 'infantry', 'rare');
    const { api, user, setEquipped } = await openGears(equippedGears({ infantry: old }));
    let available = [rare];
    api
      .on('GET', INFANTRY_URL, () => ({ status: 200, data: { gears: available } }))
      .on('POST', ApiRoutes.gearsEquip, () => {
        setEquipped(equippedGears({ infantry: { ...rare, isEquipped: true } }));
        available = [{ ...old, isEquipped: false }];
        return actionResponse(GearMessages.equipped, equippedGears({ infantry: rare }));
      });

    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    expect(picker()).toHaveTextContent('Equipping another gear replaces Common Infantry Gear Lv.1.');
    await user.click(await within(picker()).findByRole('button', { name: 'Equip' }));

    await waitFor(() => expect(within(slot('infantry')).getByTestId('gear-6')).toBeInTheDocument());
    expect(within(slot('infantry')).queryByTestId('gear-5')).not.toBeInTheDocument();
    // The swapped-out gear is available again, and the picker shows it rather than an old list.
    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    expect(await within(picker()).findByTestId('gear-5')).toBeInTheDocument();
    expect(within(picker()).queryByTestId('gear-6')).not.toBeInTheDocument();
  });

  it.each([
    ["the server's message", { status: 409, data: { error: GearMessages.gearListed } }, GearMessages.gearListed],
    ['the fallback', { status: 500 }, 'Failed to equip gear'],
    ['the network error', networkError, 'Network error. Please try again.'],
  ] as [string, Responder, string][])('shows %s in the picker when equipping fails', async (_case, responder, message) => {
    const { api, user } = await openGears(equippedGears());
    api.on('GET', INFANTRY_URL, { status: 200, data: { gears: [gear(12, 'infantry')] } }).on('POST', ApiRoutes.gearsEquip, responder);
    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    await user.click(await within(picker()).findByRole('button', { name: 'Equip' }));

    expect(await within(picker()).findByRole('alert')).toHaveTextContent(message);
    expect(within(slot('infantry')).getByTestId('slot-empty')).toBeInTheDocument();
    // Closing and reopening starts clean.
    await user.click(within(picker()).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    expect(within(picker()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks to reload the page when the equipped gears cannot be reloaded after equipping', async () => {
    const { api, user } = await openGears(equippedGears());
    api.on('GET', INFANTRY_URL, { status: 200, data: { gears: [gear(12, 'infantry')] } }).on('POST', ApiRoutes.gearsEquip, () => {
      api.on('GET', EQUIPPED_URL, { status: 500 });
      return actionResponse(GearMessages.equipped, equippedGears());
    });
    await user.click(screen.getByRole('button', { name: 'Infantry slot' }));
    await user.click(await within(picker()).findByRole('button', { name: 'Equip' }));
    expect(await within(picker()).findByRole('alert')).toHaveTextContent(GearMessages.failedRefresh);
  });
});

describe('unequip', () => {
  const wheat = gear(7, 'wheat', 'rare', { isEquipped: true });

  it('posts the player and slot, reloads the equipped gears and empties the slot', async () => {
    const { api, user, setEquipped, queryClient } = await openGears(equippedGears({ wheat }));
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    api.on('POST', ApiRoutes.gearsUnequip, () => {
      setEquipped(equippedGears());
      return actionResponse(GearMessages.unequipped, equippedGears());
    });

    await user.click(within(slot('wheat')).getByRole('button', { name: 'Unequip' }));

    expect(await screen.findByTestId('gears-success')).toHaveTextContent(GearMessages.unequipped);
    expect(api.callsTo(ApiRoutes.gearsUnequip).map((request) => request.body)).toEqual([{ hiveUsername: PLAYER, slotType: 'wheat' }]);
    expect(api.callsTo(EQUIPPED_URL)).toHaveLength(2);
    expect(within(slot('wheat')).getByTestId('slot-empty')).toBeInTheDocument();
    expect(within(slot('wheat')).queryByRole('button', { name: 'Unequip' })).not.toBeInTheDocument();
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
  });

  it('says the gear was not properly unequipped when the reloaded slot is still filled', async () => {
    const { api, user } = await openGears(equippedGears({ wheat }));
    api.on('POST', ApiRoutes.gearsUnequip, actionResponse(GearMessages.unequipped, equippedGears()));

    await user.click(within(slot('wheat')).getByRole('button', { name: 'Unequip' }));

    expect(await screen.findByTestId('gears-error')).toHaveTextContent('Gear was not properly unequipped. Please try again.');
    expect(screen.queryByTestId('gears-success')).not.toBeInTheDocument();
    expect(api.callsTo(EQUIPPED_URL)).toHaveLength(2);
    expect(within(slot('wheat')).getByTestId('gear-7')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('gears-error')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('gears-error')).not.toBeInTheDocument();
  });

  it.each([
    ["the server's message", { status: 400, data: { error: GearMessages.slotEmpty } }, GearMessages.slotEmpty],
    ['the fallback', { status: 500 }, 'Failed to unequip gear'],
    ['the network error', networkError, 'Network error. Please try again.'],
  ] as [string, Responder, string][])('shows %s when unequipping fails', async (_case, responder, message) => {
    const { api, user } = await openGears(equippedGears({ wheat }));
    api.on('POST', ApiRoutes.gearsUnequip, responder);
    await user.click(within(slot('wheat')).getByRole('button', { name: 'Unequip' }));
    expect(await screen.findByTestId('gears-error')).toHaveTextContent(message);
    expect(within(slot('wheat')).getByTestId('gear-7')).toBeInTheDocument();
  });

  it('disables every Unequip while one is under way', async () => {
    const { api, user } = await openGears(equippedGears({ wheat, ore: gear(9, 'ore', 'common', { isEquipped: true }) }));
    api.on('POST', ApiRoutes.gearsUnequip, () => new Promise<FakeResponse>(() => undefined));
    await user.click(within(slot('wheat')).getByRole('button', { name: 'Unequip' }));
    expect(within(slot('wheat')).getByRole('button', { name: 'Unequip' })).toBeDisabled();
    expect(within(slot('ore')).getByRole('button', { name: 'Unequip' })).toBeDisabled();
    expect(api.callsTo(ApiRoutes.gearsUnequip)).toHaveLength(1);
  });
});
