import { fireEvent, screen, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AttackMessages, type AttackResponse, type AttackResult, type EnemyCooldownError } from '@runik/contract';
import { ENEMY_COOLDOWN_MS } from '@runik/rules';
import { cityKeys } from '../../shared/query-keys';
import { advance, settle } from '../../testing/city-fixtures';
import type { FakeResponse, Responder } from '../../testing/fake-api';
import { armyStats, attackFromCard, attackPreview, enemiesPage, enemy, enemyCard, openAttack, PLAYER, VERDICT } from './attack-fixtures';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const ATTACK_BOB = ApiRoutes.attack(PLAYER, 'bob');
const ARMY_URL = ApiRoutes.armyStats(PLAYER);

const VICTORY: AttackResult = {
  battleId: 41,
  winner: 'attacker',
  attacker: { name: PLAYER, dead: { infantry: 4, archers: 1, cavalry: 0 }, injured: { infantry: 6, archers: 2, cavalry: 1 } },
  defender: { name: 'bob', dead: { infantry: 8, archers: 3, cavalry: 1 }, injured: { infantry: 12, archers: 5, cavalry: 0 } },
  loot: { wheat: 45.136, lumber: 24, stone: 0, ore: 3.75 },
  lootLost: { wheat: 11.284, lumber: 6, stone: 0, ore: 0.937 },
  verdict: VERDICT,
};

function attackResponse(overrides: Partial<AttackResponse> = {}): AttackResponse {
  return {
    result: VICTORY,
    updatedPlayer: armyStats({
      infantry: 110,
      archers: 42,
      cavalry: 7,
      armyCount: 159,
      armyPower: 2.234,
      attacksRemaining: 2,
      nextRegenInMs: 3_600_000,
    }),
    updatedEnemies: [
      enemy('bob', { infantry: 30, archers: 12, cavalry: 1, pendingResources: { wheat: 105.32, lumber: 56, stone: 0.009, ore: 8.75 } }),
    ],
    ...overrides,
  };
}

async function attackBob(response: Responder, army = armyStats()) {
  const opened = await openAttack({ army, enemies: enemiesPage([enemy('bob'), enemy('carol')]), fakeTimers: true });
  opened.api.on('POST', ATTACK_BOB, response);
  await attackFromCard('bob');
  await advance(0);
  await advance(0);
  return opened;
}

function attackError(): HTMLElement {
  return screen.getByTestId('attack-error');
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

describe('the odds before an attack', () => {
  it('shows both powers, the chance and the battle at even luck in the card, and again in the confirm; Cancel sends nothing', async () => {
    // Real timers: the card's odds arrive after the enemies, and findBy waits for them.
    vi.useRealTimers();
    const opened = await openAttack({ enemies: enemiesPage([enemy('bob')]) });
    await within(enemyCard('bob')).findByTestId('attack-odds');
    const odds = within(enemyCard('bob')).getByTestId('attack-odds');
    expect(within(odds).getByTestId('odds-your-power')).toHaveTextContent(/^2,433$/);
    expect(within(odds).getByTestId('odds-their-power')).toHaveTextContent('1,091 (+10% at home)');
    expect(within(odds).getByTestId('odds-win-chance')).toHaveTextContent(/^100%$/);
    expect(within(odds).getByTestId('odds-losses')).toHaveTextContent('6 (2 dead, 4 injured)');
    expect(within(odds).getByTestId('odds-loot')).toHaveTextContent('36.10 Wheat, 19.20 Lumber');
    expect(within(odds).getByTestId('odds-loot-lost')).toHaveTextContent('9.02 Wheat, 4.80 Lumber, 0.75 Ore');

    fireEvent.click(within(enemyCard('bob')).getByRole('button', { name: 'Attack' }));
    const message = await screen.findByTestId('confirm-dialog-message');
    expect(message).toHaveTextContent("Your power 2,433 against bob's 1,091 (+10% at home, gear included). You win 100% of the time.");
    expect(message).toHaveTextContent('At even luck you win, losing 6 (2 dead, 4 injured) troops');
    fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
    await settle();
    expect(opened.api.callsTo(ATTACK_BOB)).toEqual([]);
  });
});

describe('Attack pressed while the odds are weighed (issue 45)', () => {
  it('holds the same rows in place, says at once that it waits, and asks once they are in', async () => {
    vi.useRealTimers();
    let answer: (response: FakeResponse) => void = () => undefined;
    const held = new Promise<FakeResponse>((resolve) => (answer = resolve));
    await openAttack({ enemies: enemiesPage([enemy('bob')]), preview: () => held });
    const card = enemyCard('bob');
    const pending = within(card).getByTestId('attack-odds-pending');
    expect(
      within(pending)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Your power', 'Their power', 'Chance to win', 'You lose (even luck)', 'You bring home', 'Lost on the way']);
    expect(within(card).getByRole('status')).toHaveTextContent('Weighing the odds...');

    fireEvent.click(within(card).getByRole('button', { name: 'Attack' }));
    expect(await within(card).findByRole('button', { name: 'Weighing...' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();

    answer({ status: 200, data: attackPreview() });
    expect(await screen.findByTestId('confirm-dialog-message')).toHaveTextContent("Your power 2,433 against bob's 1,091");
    expect(within(card).getByRole('button', { name: 'Attack' })).toHaveAttribute('aria-busy', 'false');
    expect(within(card).queryByTestId('attack-odds-pending')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
  });
});

describe('a successful attack', () => {
  it('posts an empty body and shows the Battle Result: Victory, both sides dead and injured, the loot', async () => {
    const { api } = await attackBob({ status: 200, data: attackResponse() });
    expect(api.callsTo(ATTACK_BOB).map((request) => [request.method, request.body])).toEqual([['POST', {}]]);

    const dialog = screen.getByRole('dialog', { name: 'Battle Result' });
    expect(within(dialog).getByTestId('battle-outcome')).toHaveTextContent(/^Victory$/);
    expect(within(dialog).getByTestId('battle-winner')).toHaveTextContent(`Winner: ${PLAYER}`);
    expect(within(dialog).getByTestId('battle-verdict')).toHaveTextContent(
      "Your 2,433 power met bob's 1,091 (+10% at home); luck ×1.04 against ×0.91 made it 2,538 against 995, so you won.",
    );
    expect(within(dialog).getByTestId('result-attacker')).toHaveTextContent(`Attacker: ${PLAYER}`);
    expect(within(dialog).getByTestId('result-attacker-dead-infantry')).toHaveTextContent('4');
    expect(within(dialog).getByTestId('result-attacker-dead-archers')).toHaveTextContent('1');
    expect(within(dialog).getByTestId('result-attacker-injured-infantry')).toHaveTextContent('6');
    expect(within(dialog).getByTestId('result-attacker-injured-cavalry')).toHaveTextContent('1');
    expect(within(dialog).getByTestId('result-defender')).toHaveTextContent('Defender: bob');
    expect(within(dialog).getByTestId('result-defender-dead-infantry')).toHaveTextContent('8');
    expect(within(dialog).getByTestId('result-defender-dead-cavalry')).toHaveTextContent('1');
    expect(within(dialog).getByTestId('result-defender-injured-archers')).toHaveTextContent('5');
    expect(within(dialog).getByTestId('result-loot-wheat')).toHaveTextContent(/^45\.13$/);
    expect(within(dialog).getByTestId('result-loot-lumber')).toHaveTextContent(/^24\.00$/);
    expect(within(dialog).getByTestId('result-loot-stone')).toHaveTextContent(/^0\.00$/);
    expect(within(dialog).getByTestId('result-loot-ore')).toHaveTextContent(/^3\.75$/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('updates the army and the enemy from the response and locks the enemy for 4 hours', async () => {
    await attackBob({ status: 200, data: attackResponse() });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.getByTestId('attacks-remaining')).toHaveTextContent('2 / 5');
    expect(screen.getByTestId('army-count')).toHaveTextContent('159');
    expect(screen.getByTestId('army-infantry')).toHaveTextContent('110');
    expect(screen.getByTestId('army-power')).toHaveTextContent('2,234');
    expect(screen.getByTestId('next-regen')).toHaveTextContent('01:00:00');

    const bob = enemyCard('bob');
    expect(within(bob).getByTestId('enemy-infantry')).toHaveTextContent('30');
    expect(within(bob).getByTestId('enemy-pending-wheat')).toHaveTextContent('105.32');
    // The response carried no cooldown: the client locks the enemy from now.
    expect(within(bob).getByTestId('enemy-cooldown')).toHaveTextContent(/^Cooldown 04:00:00$/);
    expect(within(bob).getByRole('button', { name: 'Attack' })).toBeDisabled();
    expect(within(enemyCard('carol')).getByRole('button', { name: 'Attack' })).toBeEnabled();

    await advance(1_000);
    expect(within(bob).getByTestId('enemy-cooldown')).toHaveTextContent('Cooldown 03:59:59');
    await advance(ENEMY_COOLDOWN_MS);
    expect(within(bob).queryByTestId('enemy-cooldown')).not.toBeInTheDocument();
    expect(within(bob).getByRole('button', { name: 'Attack' })).toBeEnabled();
  });

  it("keeps the server's cooldown when the updated enemy carries one", async () => {
    const until = new Date(NOW.getTime() + ENEMY_COOLDOWN_MS - 5_000).toISOString();
    await attackBob({ status: 200, data: attackResponse({ updatedEnemies: [enemy('bob', { attackCooldownUntil: until })] }) });
    expect(within(enemyCard('bob')).getByTestId('enemy-cooldown')).toHaveTextContent('Cooldown 03:59:55');
  });

  it('reloads the city, whose resources and army changed', async () => {
    const opened = await openAttack({ fakeTimers: true });
    opened.queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    opened.api.on('POST', ATTACK_BOB, { status: 200, data: attackResponse() });
    expect(opened.queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(false);

    await attackFromCard('bob');
    await advance(0);
    await advance(0);
    expect(screen.getByRole('dialog', { name: 'Battle Result' })).toBeInTheDocument();
    expect(opened.queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
  });

  it('shows Defeat when the defender wins', async () => {
    const defeat: AttackResult = { ...VICTORY, winner: 'defender', loot: { wheat: 0, lumber: 0, stone: 0, ore: 0 } };
    await attackBob({ status: 200, data: attackResponse({ result: defeat }) });
    const dialog = screen.getByRole('dialog', { name: 'Battle Result' });
    expect(within(dialog).getByTestId('battle-outcome')).toHaveTextContent(/^Defeat$/);
    expect(within(dialog).getByTestId('battle-winner')).toHaveTextContent('Winner: bob');
    expect(within(dialog).getByTestId('result-loot-wheat')).toHaveTextContent('0.00');
  });

  it('disables every Attack button while the battle is under way', async () => {
    const opened = await openAttack({ enemies: enemiesPage([enemy('bob'), enemy('carol')]), fakeTimers: true });
    opened.api.on('POST', ATTACK_BOB, () => new Promise(() => undefined));
    await attackFromCard('bob');
    await advance(0);
    expect(within(enemyCard('bob')).getByRole('button', { name: 'Attack' })).toBeDisabled();
    expect(within(enemyCard('carol')).getByRole('button', { name: 'Attack' })).toBeDisabled();
    expect(opened.api.callsTo(ATTACK_BOB)).toHaveLength(1);
  });
});

describe('a failed attack', () => {
  it('a 429 with cooldownUntil sets the enemy cooldown and shows the refusal', async () => {
    const body: EnemyCooldownError = {
      error: AttackMessages.enemyCoolingDown('1:00:00'),
      cooldownUntil: new Date(NOW.getTime() + 3_600_000).toISOString(),
    };
    await attackBob({ status: 429, data: body });
    expect(attackError()).toHaveTextContent('Attack failed: You attacked this player recently. Try again in 1:00:00.');
    expect(within(enemyCard('bob')).getByTestId('enemy-cooldown')).toHaveTextContent('Cooldown 01:00:00');
    expect(within(enemyCard('bob')).getByRole('button', { name: 'Attack' })).toBeDisabled();
    expect(within(enemyCard('carol')).getByRole('button', { name: 'Attack' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a 429 without cooldownUntil (no charge left) shows the refusal and reloads the army stats', async () => {
    const { api } = await openAttack({ fakeTimers: true });
    api
      .on('POST', ATTACK_BOB, { status: 429, data: { error: AttackMessages.noAttacksLeft('0:12:00') } })
      .on('GET', ARMY_URL, { status: 200, data: armyStats({ attacksRemaining: 0, cooldownActive: true, nextRegenInMs: 720_000 }) });
    await attackFromCard('bob');
    await advance(0);
    await advance(0);

    expect(attackError()).toHaveTextContent('Attack failed: No attacks remaining. Next attack in 0:12:00.');
    expect(api.callsTo(ARMY_URL)).toHaveLength(2);
    expect(screen.getByTestId('attacks-remaining')).toHaveTextContent('0 / 5');
    expect(within(enemyCard('bob')).queryByTestId('enemy-cooldown')).not.toBeInTheDocument();
    expect(within(enemyCard('bob')).getByRole('button', { name: 'Attack' })).toBeDisabled();
  });

  it.each([
    [{ status: 400, data: { error: AttackMessages.noArmy } }, 'Attack failed: You need an army to attack! Train some troops first.'],
    [{ status: 403, data: { error: AttackMessages.cannotAttackAlly } }, 'Attack failed: You cannot attack a member of your own alliance.'],
    [{ status: 502, data: '<html>Bad gateway</html>' }, 'Attack failed: Network response was not ok (502)'],
  ])("shows the server's refusal %j as 'Attack failed: ...'", async (response, message) => {
    await attackBob(response);
    expect(attackError()).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(enemyCard('bob')).getByRole('button', { name: 'Attack' })).toBeEnabled();

    fireEvent.click(within(attackError()).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('attack-error')).not.toBeInTheDocument();
  });

  it("shows 'Error sending attack. Please try again.' when no response came", async () => {
    await attackBob(() => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)));
    expect(attackError()).toHaveTextContent(/^Error sending attack\. Please try again\.Dismiss$/);
    expect(within(enemyCard('bob')).queryByTestId('enemy-cooldown')).not.toBeInTheDocument();
  });

  it('clears the previous error when attacking again', async () => {
    const { api } = await attackBob({ status: 404, data: { error: AttackMessages.enemyNotFound } });
    expect(attackError()).toHaveTextContent('Attack failed: Enemy not found.');
    api.on('POST', ATTACK_BOB, { status: 200, data: attackResponse() });
    await attackFromCard('bob');
    await advance(0);
    await advance(0);
    expect(screen.queryByTestId('attack-error')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Battle Result' })).toBeInTheDocument();
  });
});
