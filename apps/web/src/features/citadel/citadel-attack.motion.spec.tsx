import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, CitadelMessages, type CitadelAttackResponse } from '@runik/contract';
import { cityKeys } from '../../shared/query-keys';
import type { Responder } from '../../testing/fake-api';
import { never } from '../../testing/fake-api';
import { setReducedMotion } from '../../testing/reduced-motion';
import { defeatedFloor, floorResponse, openCitadel, participant, PLAYER, progress, PROGRESS_URL } from './citadel-fixtures';

const ATTACK_URL = ApiRoutes.citadelAttack;
const FLOOR_3 = ApiRoutes.citadelFloor(3);

function attackResponse(overrides: Partial<CitadelAttackResponse> = {}): CitadelAttackResponse {
  return {
    battleId: 41,
    damageDealt: 12.5,
    bossDefeated: false,
    userReward: null,
    bossRemainingHp: 37.5,
    newFloorUnlocked: false,
    newCurrentFloor: 3,
    todayAttackCount: 3,
    casualties: { dead: { infantry: 1, archers: 0, cavalries: 0 }, injured: { infantry: 3, archers: 1, cavalries: 0 } },
    ...overrides,
  };
}

const attackButton = () => screen.getByRole('button', { name: 'Attack Boss' });

async function attackWith(response: Responder) {
  const opened = await openCitadel();
  opened.api.on('POST', ATTACK_URL, response);
  fireEvent.click(attackButton());
  return opened;
}

describe('the Attack Boss button', () => {
  it("is disabled without an army, with 'You need an army to attack! Train some troops first.'", async () => {
    const { api } = await openCitadel({ progress: progress({ user: { armyPower: 0, army: { infantry: 0, archers: 0, cavalries: 0 } } }) });
    expect(attackButton()).toBeDisabled();
    expect(screen.getByTestId('attack-blocker')).toHaveTextContent(/^You need an army to attack! Train some troops first\.$/);
    expect(attackButton()).toHaveAccessibleDescription(CitadelMessages.noArmy);
    fireEvent.click(attackButton());
    expect(api.callsTo(ATTACK_URL)).toEqual([]);
  });

  it('is disabled on a defeated floor', async () => {
    await openCitadel({ floors: { 2: defeatedFloor(2), 3: floorResponse(3) } });
    expect(attackButton()).toBeEnabled();
    expect(screen.queryByTestId('attack-blocker')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous floor' }));
    await screen.findByRole('heading', { name: /^Floor 2 Boss/ });
    expect(attackButton()).toBeDisabled();
    expect(screen.getByTestId('attack-blocker')).toHaveTextContent(CitadelMessages.bossDefeated);
  });

  it('is disabled while an attack is under way, so one click sends one attack', async () => {
    const { api } = await attackWith(never);
    await waitFor(() => expect(attackButton()).toBeDisabled());
    fireEvent.click(attackButton());
    expect(api.callsTo(ATTACK_URL)).toHaveLength(1);
  });
});

describe('a successful attack', () => {
  it("the boss's health bar takes the hit: it drains to the new health with a flash", async () => {
    setReducedMotion(false);
    const { api } = await openCitadel();
    api
      .on('POST', ATTACK_URL, { status: 200, data: attackResponse() })
      .on('GET', FLOOR_3, { status: 200, data: floorResponse(3, { currentHp: 37.5, healthPercentage: 37.5 }) });
    const bar = screen.getByRole('progressbar', { name: 'Boss health' });
    const fill = () => (bar.firstElementChild as HTMLElement).style.width;
    expect(fill()).toBe(`${floorResponse(3).healthPercentage}%`);
    expect(within(bar).queryByTestId('progress-flash')).not.toBeInTheDocument();
    fireEvent.click(attackButton());

    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '37.5'));
    expect(within(bar).getByTestId('progress-flash')).toBeInTheDocument();
    await waitFor(() => expect(fill()).toBe('37.5%'));
  });

  it('posts hiveUsername and floor, shows damage and casualties, and reloads progress and floor', async () => {
    const { api, queryClient } = await openCitadel();
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    api
      .on('POST', ATTACK_URL, { status: 200, data: attackResponse() })
      .on('GET', PROGRESS_URL, { status: 200, data: progress({ todayAttackCount: 3, totalStats: { totalDamageDealt: 358.178 } }) })
      .on('GET', FLOOR_3, {
        status: 200,
        data: floorResponse(3, {
          currentHp: 37.5,
          healthPercentage: 37.5,
          allParticipants: [participant(PLAYER, 32.5, 52, 3), participant('bob', 30, 48, 3)],
        }),
      });
    fireEvent.click(attackButton());

    const result = await screen.findByTestId('attack-result');
    expect(api.callsTo(ATTACK_URL).map((request) => [request.method, request.body])).toEqual([
      ['POST', { hiveUsername: PLAYER, floor: 3 }],
    ]);
    expect(within(result).getByTestId('result-damage')).toHaveTextContent(/^You dealt 12,500 damage\.$/);
    expect(within(result).getByRole('link', { name: 'Full report' })).toHaveAttribute('href', '/battles/citadel/41');
    expect(within(result).getByTestId('result-remaining')).toHaveTextContent(/^Boss HP left: 37,500$/);
    expect(within(result).getByTestId('result-dead')).toHaveTextContent(/^Dead: Infantry 1, Archers 0, Cavalry 0$/);
    expect(within(result).getByTestId('result-injured')).toHaveTextContent(/^Injured: Infantry 3, Archers 1, Cavalry 0$/);
    expect(within(result).queryByTestId('result-defeated')).not.toBeInTheDocument();

    // Progress and floor come again from the server; the city (troops) is stale.
    await waitFor(() => expect(screen.getByTestId('boss-hp')).toHaveTextContent(/^37,500 \/ 100,000$/));
    expect(api.callsTo(PROGRESS_URL)).toHaveLength(2);
    expect(api.callsTo(FLOOR_3)).toHaveLength(2);
    expect(screen.getByTestId('today-attacks')).toHaveTextContent(/^3 /);
    expect(screen.getByTestId('total-damage')).toHaveTextContent(/^358,178$/);
    expect(screen.getByRole('progressbar', { name: 'Boss health' })).toHaveAttribute('aria-valuenow', '37.5');
    expect(within(screen.getByTestId(`participant-${PLAYER}`)).getByTestId('participant-damage')).toHaveTextContent('32,500');
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);

    fireEvent.click(within(result).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('attack-result')).not.toBeInTheDocument();
  });

  it('shows the fall of the boss with the reward and the new floor, staying on the fallen floor until asked', async () => {
    const { api } = await openCitadel();
    api
      .on('POST', ATTACK_URL, {
        status: 200,
        data: attackResponse({
          damageDealt: 50,
          bossDefeated: true,
          userReward: { rewardAmount: 0.766 },
          bossRemainingHp: 0,
          newFloorUnlocked: true,
          newCurrentFloor: 4,
        }),
      })
      .on('GET', PROGRESS_URL, { status: 200, data: progress({ globalCurrentFloor: 4 }) })
      .on('GET', FLOOR_3, { status: 200, data: defeatedFloor(3) })
      .on('GET', ApiRoutes.citadelFloor(4), { status: 200, data: floorResponse(4, { allParticipants: [] }) });
    fireEvent.click(attackButton());

    const result = await screen.findByTestId('attack-result');
    expect(within(result).getByTestId('result-damage')).toHaveTextContent('You dealt 50,000 damage.');
    expect(within(result).getByTestId('result-defeated')).toHaveTextContent(/^Boss defeated! Your reward: 0\.766 RUNIK\.$/);
    expect(within(result).getByTestId('result-unlocked')).toHaveTextContent(/^New floor unlocked: Floor 4$/);

    // The reloaded progress moves the current floor on; the page stays on the boss that fell.
    await waitFor(() => expect(screen.getByTestId('global-floor')).toHaveTextContent('Floor 4'));
    expect(screen.getByTestId('floor-title')).toHaveTextContent(/^Floor 3$/);
    await waitFor(() => expect(attackButton()).toBeDisabled());
    expect(screen.getByTestId('attack-blocker')).toHaveTextContent(CitadelMessages.bossDefeated);

    fireEvent.click(within(result).getByRole('button', { name: 'Go to Floor 4' }));
    expect(screen.getByTestId('floor-title')).toHaveTextContent(/^Floor 4$/);
    expect(await screen.findByRole('img', { name: /^Boss 4: / })).toBeInTheDocument();
    expect(attackButton()).toBeEnabled();
    expect(screen.queryByTestId('attack-result')).not.toBeInTheDocument();
  });

  it('shows the fall of the boss without a reward line when the player earned none', async () => {
    await attackWith({ status: 200, data: attackResponse({ bossDefeated: true, userReward: null, bossRemainingHp: 0 }) });
    expect(await screen.findByTestId('result-defeated')).toHaveTextContent(/^Boss defeated!$/);
    expect(screen.queryByTestId('result-unlocked')).not.toBeInTheDocument();
  });
});

describe('a failed attack', () => {
  it.each([
    [
      'a refusal with a message',
      { status: 400, data: { error: CitadelMessages.notCurrentFloor } },
      'Attack failed: Only the current floor can be attacked.',
    ],
    ['a refusal without a message', { status: 500 }, 'Attack failed'],
  ])("shows 'Attack failed' on %s and reloads progress and floor", async (_case, response, message) => {
    const { api } = await attackWith(response);
    const error = await screen.findByTestId('attack-error');
    expect(within(error).getByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    expect(screen.queryByTestId('attack-result')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(FLOOR_3)).toHaveLength(2));
    expect(api.callsTo(PROGRESS_URL)).toHaveLength(2);
    expect(attackButton()).toBeEnabled();

    fireEvent.click(within(error).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('attack-error')).not.toBeInTheDocument();
  });

  it("shows 'Network error during attack' when no answer came", async () => {
    await attackWith(() => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)));
    const error = await screen.findByTestId('attack-error');
    expect(within(error).getByRole('alert')).toHaveTextContent(/^Network error during attack$/);
  });

  it('clears the error when attacking again', async () => {
    const { api } = await attackWith({ status: 400, data: { error: CitadelMessages.noArmy } });
    expect(await screen.findByTestId('attack-error')).toHaveTextContent(`Attack failed: ${CitadelMessages.noArmy}`);
    api.on('POST', ATTACK_URL, { status: 200, data: attackResponse() });
    await waitFor(() => expect(attackButton()).toBeEnabled());
    fireEvent.click(attackButton());
    expect(await screen.findByTestId('attack-result')).toBeInTheDocument();
    expect(screen.queryByTestId('attack-error')).not.toBeInTheDocument();
  });
});
