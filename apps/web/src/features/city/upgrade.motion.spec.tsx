import { renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, CityMessages, type UpgradeResponse } from '@runik/contract';
import { createQueryClient } from '../../shared/query-client';
import { cityResponse, openCity, PLAYER, settle } from '../../testing/city-fixtures';
import { answerConfirmation, toastTexts } from '../../testing/dialogs';
import { installFakeApi } from '../../testing/fake-api';
import { setReducedMotion } from '../../testing/reduced-motion';
import { ToastStack } from '../../ui/Toasts';
import { useUpgrade } from './city-actions';

function upgradeButton(cardTestId: string) {
  return within(screen.getByTestId(cardTestId)).getByRole('button', { name: 'Upgrade' });
}

/** Why a card's Upgrade is disabled, as written on the page under the button. */
function blockedReason(cardTestId: string) {
  return within(screen.getByTestId(cardTestId)).getByTestId('upgrade-blocked');
}

const LEVELS = { wheat: 1, lumber: 1, stone: 1, ore: 1, quarters: 1, archery: 1, stables: 1 };

describe('upgrades', () => {
  it('upgrades City Hall for level² RUNIK and shows the new level and balance', async () => {
    const { api, user } = await openCity(cityResponse({ chLevel: 2, resources: { runik: 5 } }));
    const response: UpgradeResponse = {
      chLevel: 3,
      levels: LEVELS,
      resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 1 },
    };
    api.on('POST', ApiRoutes.cityUpgrade(PLAYER, 'ch'), { status: 200, data: response });

    const card = screen.getByTestId('city-hall-card');
    expect(within(card).getByTestId('upgrade-cost')).toHaveTextContent('4 RUNIK');
    expect(upgradeButton('city-hall-card')).toBeEnabled();
    await user.click(upgradeButton('city-hall-card'));

    await waitFor(() => expect(within(card).getByTestId('city-hall-level')).toHaveTextContent('3'));
    expect(toastTexts()).toEqual(['City Hall upgraded to level 3']);
    expect(api.callsTo(ApiRoutes.cityUpgrade(PLAYER, 'ch'))).toEqual([
      expect.objectContaining({ method: 'POST', body: undefined, authorization: null }),
    ]);
    expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^1$/);
    // City Hall 3 opens the Mine: it is no longer marked locked.
    expect(within(screen.getByTestId('building-ore')).queryByTestId('locked')).not.toBeInTheDocument();
  });

  it('asks before an upgrade of 50 RUNIK or more, showing what it spends, and sends nothing when declined', async () => {
    const { api, user } = await openCity(cityResponse({ chLevel: 8, resources: { runik: 100 } }));
    api.on('POST', ApiRoutes.cityUpgrade(PLAYER, 'ch'), {
      status: 200,
      data: { chLevel: 9, levels: LEVELS, resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 36 } },
    });
    await user.click(upgradeButton('city-hall-card'));
    expect(await answerConfirmation(false)).toBe('Upgrade City Hall to level 9 for 64 RUNIK? Spent RUNIK is not refunded.');
    await settle();
    expect(api.callsTo(ApiRoutes.cityUpgrade(PLAYER, 'ch'))).toHaveLength(0);

    await user.click(upgradeButton('city-hall-card'));
    await answerConfirmation(true);
    await waitFor(() => expect(within(screen.getByTestId('city-hall-card')).getByTestId('city-hall-level')).toHaveTextContent('9'));
    expect(api.callsTo(ApiRoutes.cityUpgrade(PLAYER, 'ch'))).toHaveLength(1);
  });

  it('upgrades a building below City Hall level when enough RUNIK is held', async () => {
    const { api, user } = await openCity(cityResponse({ chLevel: 2, resources: { runik: 10 } }));
    api.on('POST', ApiRoutes.cityUpgrade(PLAYER, 'wheat'), {
      status: 200,
      data: { chLevel: 2, levels: { ...LEVELS, wheat: 2 }, resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 9 } },
    });

    const farm = screen.getByTestId('building-wheat');
    expect(within(farm).getByTestId('upgrade-cost')).toHaveTextContent('1 RUNIK');
    await user.click(upgradeButton('building-wheat'));

    await waitFor(() => expect(within(farm).getByTestId('building-level')).toHaveTextContent('2'));
    expect(toastTexts()).toEqual(['Farm upgraded to level 2']);
    expect(api.callsTo(ApiRoutes.cityUpgrade(PLAYER, 'wheat'))).toHaveLength(1);
    // Level 2 farm: 120 + 12 × 6.84 = 202.08 per hour.
    expect(screen.getByTestId('production-wheat')).toHaveTextContent('202.08');
    expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^9$/);
  });

  describe('level-up flourish', () => {
    // jsdom plays no Web Animations: the cards' element.animate is watched instead.
    const animate = vi.fn();
    const upgradeFarm = async () => {
      const { api, user } = await openCity(cityResponse({ chLevel: 2, resources: { runik: 10 } }));
      api.on('POST', ApiRoutes.cityUpgrade(PLAYER, 'wheat'), {
        status: 200,
        data: { chLevel: 2, levels: { ...LEVELS, wheat: 2 }, resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 9 } },
      });
      await user.click(upgradeButton('building-wheat'));
      await waitFor(() => expect(within(screen.getByTestId('building-wheat')).getByTestId('building-level')).toHaveTextContent('2'));
    };
    afterEach(() => {
      animate.mockReset();
      delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
    });

    it('plays on the card whose level went up, and only there', async () => {
      setReducedMotion(false);
      HTMLElement.prototype.animate = animate;
      await upgradeFarm();
      expect(animate).toHaveBeenCalledTimes(1);
      expect(animate.mock.contexts[0]).toBe(screen.getByTestId('building-wheat'));
    });

    it('does not play with reduced motion', async () => {
      HTMLElement.prototype.animate = animate;
      await upgradeFarm();
      expect(animate).not.toHaveBeenCalled();
    });
  });

  it('disables Upgrade on a building that is not below City Hall level, saying why on the page', async () => {
    const { api, user } = await openCity(cityResponse({ chLevel: 1, resources: { runik: 100 } }));
    const button = upgradeButton('building-wheat');
    expect(button).toBeDisabled();
    expect(blockedReason('building-wheat')).toHaveTextContent(CityMessages.needsCityHall('Farm', 2));
    expect(button).toHaveAccessibleDescription(CityMessages.needsCityHall('Farm', 2));
    await user.click(button);
    await settle();
    expect(api.callsTo(ApiRoutes.cityUpgrade(PLAYER, 'wheat'))).toHaveLength(0);
  });

  it('marks a locked building with its unlock level and disables its Upgrade', async () => {
    await openCity(cityResponse({ chLevel: 2, resources: { runik: 100 } }));
    const mine = screen.getByTestId('building-ore');
    expect(within(mine).getByTestId('locked')).toHaveTextContent('Locked · City Hall level 3');
    expect(upgradeButton('building-ore')).toBeDisabled();
    expect(blockedReason('building-ore')).toHaveTextContent('Mine is locked until City Hall level 3.');
    // The Quarry opens at City Hall 2.
    expect(within(screen.getByTestId('building-stone')).queryByTestId('locked')).not.toBeInTheDocument();
  });

  it('disables Upgrade without enough RUNIK, saying how much is needed', async () => {
    await openCity(cityResponse({ chLevel: 3, levels: { wheat: 2 }, resources: { runik: 2.5 } }));
    // Farm level 2: 2^1.8 = 3.48, rounded up to 4 RUNIK. City Hall 3: 9 RUNIK.
    expect(upgradeButton('building-wheat')).toBeDisabled();
    expect(blockedReason('building-wheat')).toHaveTextContent('Not enough RUNIK. Required: 4.000, Available: 2.500');
    expect(blockedReason('city-hall-card')).toHaveTextContent('Not enough RUNIK. Required: 9.000, Available: 2.500');
    // Lumber Mill level 1 costs 1 RUNIK: affordable, and nothing to explain.
    expect(upgradeButton('building-lumber')).toBeEnabled();
    expect(within(screen.getByTestId('building-lumber')).queryByTestId('upgrade-blocked')).not.toBeInTheDocument();
  });

  it('upgrades a training building too', async () => {
    const { api, user } = await openCity(cityResponse({ chLevel: 2, resources: { runik: 10 } }));
    api.on('POST', ApiRoutes.cityUpgrade(PLAYER, 'quarters'), {
      status: 200,
      data: { chLevel: 2, levels: { ...LEVELS, quarters: 2 }, resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 9 } },
    });
    await user.click(upgradeButton('building-quarters'));
    await waitFor(() => expect(within(screen.getByTestId('building-quarters')).getByTestId('building-level')).toHaveTextContent('2'));
    expect(within(screen.getByTestId('building-quarters')).getByTestId('training-boost')).toHaveTextContent('0.4%');
  });

  it.each([
    [
      'building-wheat',
      'wheat',
      { status: 409, data: { error: 'Upgrade City Hall to level 3 before upgrading Farm.' } },
      'Upgrade City Hall to level 3 before upgrading Farm.',
    ],
    ['building-wheat', 'wheat', { status: 500 }, 'Failed to upgrade Farm'],
    ['city-hall-card', 'ch', { status: 500, data: 'oops' }, 'Failed to upgrade City Hall'],
  ])('tells a failed upgrade of %s in an error toast (%s, %j)', async (card, key, response, message) => {
    const { api, user } = await openCity(cityResponse({ chLevel: 2, resources: { runik: 10 } }));
    api.on('POST', ApiRoutes.cityUpgrade(PLAYER, key), response);
    await user.click(upgradeButton(card));
    await waitFor(() => expect(toastTexts('error')).toEqual([message]));
    expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^10$/);
  });

  it('reloads the city when the server refuses, to show what changed elsewhere', async () => {
    const { api, user } = await openCity(cityResponse({ chLevel: 2, resources: { runik: 10 } }));
    // Another device spent RUNIK meanwhile: the server now holds 2.
    api.on('POST', ApiRoutes.cityUpgrade(PLAYER, 'ch'), {
      status: 400,
      data: { error: 'Not enough RUNIK. Required: 4.000, Available: 2.000' },
    });
    api.on('GET', ApiRoutes.cityResources(PLAYER), { status: 200, data: cityResponse({ chLevel: 2, resources: { runik: 2 } }) });
    await user.click(upgradeButton('city-hall-card'));
    await waitFor(() => expect(toastTexts('error')).toEqual(['Not enough RUNIK. Required: 4.000, Available: 2.000']));
    await waitFor(() => expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^2$/));
    expect(upgradeButton('city-hall-card')).toBeDisabled();
  });
});

describe('actions before the city has loaded', () => {
  it("refuse with 'Resources data not loaded. Please wait and try again.' and send nothing", async () => {
    const api = installFakeApi();
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ToastStack>{children}</ToastStack>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useUpgrade(PLAYER), { wrapper });

    result.current.mutate({ key: 'wheat', name: 'Farm' });

    await waitFor(() => expect(toastTexts('error')).toEqual(['Resources data not loaded. Please wait and try again.']));
    expect(api.requests).toHaveLength(0);
  });
});
