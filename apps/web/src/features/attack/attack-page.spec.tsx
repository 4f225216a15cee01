import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AttackMessages } from '@runik/contract';
import { advance, settle } from '../../testing/city-fixtures';
import { installFakeApi, never, serveInTurn } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { armyStats, enemiesPage, enemy, enemyCard, openAttack, PLAYER, renderAttack } from './attack-fixtures';
import { DUE_GRACE_MS } from '../../shared/due-refresh';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const ARMY_URL = ApiRoutes.armyStats(PLAYER);

function attackButton(name: string): HTMLElement {
  return within(enemyCard(name)).getByRole('button', { name: 'Attack' });
}

describe('Attack screen', () => {
  it('asks to log in, and loads nothing, without a session', async () => {
    const api = installFakeApi();
    renderAttack();
    expect(screen.getByRole('heading', { level: 1, name: 'Attack' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to attack.')).toBeInTheDocument();
    await settle();
    expect(api.requests).toEqual([]);
  });
});

describe('Your Army banner', () => {
  it('shows troops, army count and power, charges and commander bonuses', async () => {
    await openAttack();
    const banner = screen.getByTestId('army-banner');
    expect(within(banner).getByRole('heading', { name: 'Your Army' })).toBeInTheDocument();
    expect(within(banner).getByTestId('army-infantry')).toHaveTextContent('120');
    expect(within(banner).getByTestId('army-archers')).toHaveTextContent('45');
    expect(within(banner).getByTestId('army-cavalry')).toHaveTextContent('8');
    expect(within(banner).getByTestId('army-count')).toHaveTextContent('173');
    expect(within(banner).getByTestId('army-power')).toHaveTextContent(/^2,433$/);
    expect(within(banner).getByTestId('attacks-remaining')).toHaveTextContent(/^3 \/ 5$/);
    expect(within(banner).getByTestId('next-regen')).toHaveTextContent('Full');
    expect(within(banner).getByTestId('army-bonus-infantry')).toHaveTextContent(/^\+5%$/);
    expect(within(banner).getByTestId('army-bonus-archer')).toHaveTextContent(/^\+12\.5%$/);
    expect(within(banner).getByTestId('army-bonus-cavalry')).toHaveTextContent(/^\+0%$/);
  });

  it('shows loading, then a failed load of the army', async () => {
    installFakeApi().on('GET', ARMY_URL, { status: 500, data: { error: 'Database unavailable' } });
    logInAs(PLAYER);
    renderAttack();
    expect(screen.getByText('Loading army...')).toBeInTheDocument();
    expect(await screen.findByText('Error loading army: Database unavailable')).toHaveAttribute('role', 'alert');
    expect(screen.queryByTestId('army-banner')).not.toBeInTheDocument();
  });

  it('loads the army again from Try again after a failed load', async () => {
    const api = installFakeApi().on('GET', ApiRoutes.enemies(PLAYER, 1, 0), { status: 200, data: enemiesPage([enemy('bob')]) });
    serveInTurn(api, 'GET', ARMY_URL, { status: 500, data: { error: 'Database unavailable' } }, armyStats());
    logInAs(PLAYER);
    renderAttack();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('army-banner')).toBeInTheDocument();
    expect(api.callsTo(ARMY_URL)).toHaveLength(2);
  });

  describe('charge regeneration', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(NOW);
    });

    it('counts down to the next charge each second and reloads the army stats when it is due', async () => {
      const { api } = await openAttack({
        army: armyStats({ attacksRemaining: 0, cooldownActive: true, nextRegenInMs: 3_000 }),
        fakeTimers: true,
      });
      expect(screen.getByTestId('next-regen')).toHaveTextContent('00:00:03');
      expect(screen.getByTestId('attacks-remaining')).toHaveTextContent('0 / 5');
      expect(attackButton('bob')).toBeDisabled();

      api.on('GET', ARMY_URL, { status: 200, data: armyStats({ attacksRemaining: 1, nextRegenInMs: 3_600_000 }) });
      await advance(1_000);
      expect(screen.getByTestId('next-regen')).toHaveTextContent('00:00:02');
      expect(api.callsTo(ARMY_URL)).toHaveLength(1);

      // Due: the server is asked a moment later (its clock may be a little behind).
      await advance(2_000);
      expect(api.callsTo(ARMY_URL)).toHaveLength(1);
      await advance(DUE_GRACE_MS);
      await advance(1);
      expect(api.callsTo(ARMY_URL)).toHaveLength(2);
      expect(screen.getByTestId('attacks-remaining')).toHaveTextContent('1 / 5');
      expect(screen.getByTestId('next-regen')).toHaveTextContent('01:00:00');
      expect(attackButton('bob')).toBeEnabled();

      // The next charge is an hour away: no more reloads meanwhile.
      await advance(10_000);
      expect(api.callsTo(ARMY_URL)).toHaveLength(2);
    });
  });
});

describe('enemies', () => {
  it('shows each enemy with alliance tag, City Hall level, troops, power, bonuses and pending resources', async () => {
    await openAttack({
      enemies: enemiesPage([
        enemy('bob', { allianceTag: 'WOLF', chLevel: 7, commanderBonuses: { infantry: 3, archer: 0, cavalry: 10.25 } }),
        enemy('carol'),
      ]),
    });
    const bob = enemyCard('bob');
    expect(within(bob).getByRole('heading', { name: 'bob[WOLF]' })).toBeInTheDocument();
    expect(within(bob).getByTestId('enemy-alliance-tag')).toHaveTextContent('[WOLF]');
    expect(within(bob).getByTestId('enemy-level')).toHaveTextContent('City Hall Level 7');
    expect(within(bob).getByTestId('enemy-infantry')).toHaveTextContent('50');
    expect(within(bob).getByTestId('enemy-archers')).toHaveTextContent('20');
    expect(within(bob).getByTestId('enemy-cavalry')).toHaveTextContent('2');
    expect(within(bob).getByTestId('enemy-power')).toHaveTextContent(/^992$/);
    expect(within(bob).getByTestId('enemy-bonus-infantry')).toHaveTextContent('+3%');
    expect(within(bob).getByTestId('enemy-bonus-cavalry')).toHaveTextContent('+10.25%');
    // Resources are rounded down to 2 decimals.
    expect(within(bob).getByTestId('enemy-pending-wheat')).toHaveTextContent(/^150\.45$/);
    expect(within(bob).getByTestId('enemy-pending-lumber')).toHaveTextContent(/^80\.00$/);
    expect(within(bob).getByTestId('enemy-pending-stone')).toHaveTextContent(/^0\.00$/);
    expect(within(bob).getByTestId('enemy-pending-ore')).toHaveTextContent(/^12\.50$/);
    expect(attackButton('bob')).toBeEnabled();

    expect(within(enemyCard('carol')).queryByTestId('enemy-alliance-tag')).not.toBeInTheDocument();
    expect(attackButton('carol')).toBeEnabled();
  });

  it('says so when no enemy matches', async () => {
    await openAttack({ enemies: enemiesPage([], 1, 0) });
    expect(screen.getByTestId('no-enemies')).toHaveTextContent('No enemies found.');
    expect(screen.getByTestId('enemy-page')).toHaveTextContent('Page 1 of 1');
  });

  it('shows a failed load of the enemies', async () => {
    await openAttack({ enemies: { status: 400, data: { error: AttackMessages.invalidMinLevel } } });
    expect(screen.getByText(`Error loading enemies: ${AttackMessages.invalidMinLevel}`)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('navigation', { name: 'Enemy pages' })).not.toBeInTheDocument();
  });

  it('loads the enemies again from Try again after a failed load', async () => {
    const { api } = await openAttack({ enemies: { status: 500 } });
    serveInTurn(api, 'GET', ApiRoutes.enemies(PLAYER, 1, 0), enemiesPage([enemy('bob')]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('enemy-bob')).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.enemies(PLAYER, 1, 0))).toHaveLength(2);
  });

  it('pages with Previous and Next, asking the server for each page', async () => {
    const { api } = await openAttack({ enemies: enemiesPage([enemy('bob')], 1, 3) });
    api
      .on('GET', ApiRoutes.enemies(PLAYER, 2, 0), { status: 200, data: enemiesPage([enemy('dave')], 2, 3) })
      .on('GET', ApiRoutes.enemies(PLAYER, 3, 0), { status: 200, data: enemiesPage([enemy('erin')], 3, 3) });
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(screen.getByTestId('enemy-page')).toHaveTextContent('Page 1 of 3');
    expect(previous).toBeDisabled();

    fireEvent.click(next);
    expect(await screen.findByTestId('enemy-dave')).toBeInTheDocument();
    expect(screen.getByTestId('enemy-page')).toHaveTextContent('Page 2 of 3');
    expect(screen.queryByTestId('enemy-bob')).not.toBeInTheDocument();
    expect(previous).toBeEnabled();

    fireEvent.click(next);
    expect(await screen.findByTestId('enemy-erin')).toBeInTheDocument();
    expect(screen.getByTestId('enemy-page')).toHaveTextContent('Page 3 of 3');
    expect(next).toBeDisabled();

    fireEvent.click(previous);
    expect(await screen.findByTestId('enemy-dave')).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.enemies(PLAYER, 2, 0)).length).toBeGreaterThanOrEqual(1);
    expect(api.callsTo(ApiRoutes.enemies(PLAYER, 3, 0))).toHaveLength(1);
  });
});

describe('Minimum City Hall Level filter', () => {
  it('sends blank as 0, sends a whole number from page 1, and does not send anything else', async () => {
    const { api, user } = await openAttack({ enemies: enemiesPage([enemy('bob')], 1, 2) });
    const filter = screen.getByLabelText('Minimum City Hall Level');
    expect(filter).toHaveValue('');
    expect(api.callsTo(ApiRoutes.enemies(PLAYER, 1, 0))).toHaveLength(1);

    api
      .on('GET', ApiRoutes.enemies(PLAYER, 2, 0), { status: 200, data: enemiesPage([enemy('dave')], 2, 2) })
      .on('GET', ApiRoutes.enemies(PLAYER, 1, 5), { status: 200, data: enemiesPage([enemy('frank', { chLevel: 5 })], 1, 1) });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('enemy-dave');

    // From page 2, a new level starts again at page 1.
    await user.type(filter, '5');
    expect(await screen.findByTestId('enemy-frank')).toBeInTheDocument();
    expect(screen.getByTestId('enemy-page')).toHaveTextContent('Page 1 of 1');
    expect(api.callsTo(ApiRoutes.enemies(PLAYER, 1, 5))).toHaveLength(1);

    const sent = api.requests.length;
    await user.type(filter, '.5');
    expect(screen.getByTestId('min-level-hint')).toHaveTextContent(AttackMessages.invalidMinLevel);
    expect(filter).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(filter, { target: { value: 'abc' } });
    expect(screen.getByTestId('min-level-hint')).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: '-1' } });
    expect(screen.getByTestId('min-level-hint')).toBeInTheDocument();
    await settle();
    expect(api.requests.slice(sent).filter((request) => request.url.includes('/enemies/'))).toEqual([]);
    // The list keeps the last valid filter meanwhile.
    expect(screen.getByTestId('enemy-frank')).toBeInTheDocument();

    await user.clear(filter);
    expect(screen.queryByTestId('min-level-hint')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('enemy-bob')).toBeInTheDocument());
    expect(api.requests.at(-1)?.url).toBe(ApiRoutes.enemies(PLAYER, 1, 0));
  });
});

describe('the Attack button', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('is disabled when no attack remains', async () => {
    await openAttack({ army: armyStats({ attacksRemaining: 0, cooldownActive: true, nextRegenInMs: 1_800_000 }), fakeTimers: true });
    expect(attackButton('bob')).toBeDisabled();
    expect(screen.getByTestId('next-regen')).toHaveTextContent('00:30:00');
  });

  it('is disabled with no troops, and the banner says why', async () => {
    await openAttack({ army: armyStats({ infantry: 0, archers: 0, cavalry: 0, armyCount: 0, armyPower: 0 }), fakeTimers: true });
    expect(attackButton('bob')).toBeDisabled();
    expect(screen.getByTestId('army-empty')).toHaveTextContent(AttackMessages.noArmy);
  });

  it('is disabled while a personal cooldown is active', async () => {
    await openAttack({ army: armyStats({ attacksRemaining: 2, cooldownActive: true }), fakeTimers: true });
    expect(attackButton('bob')).toBeDisabled();
  });

  it('is disabled while the army stats load', async () => {
    await openAttack({ army: never, fakeTimers: true });
    expect(screen.getByText('Loading army...')).toBeInTheDocument();
    expect(attackButton('bob')).toBeDisabled();
  });

  it('is disabled while the enemy cools down, with a countdown as HH:MM:SS, then enabled again', async () => {
    const until = new Date(NOW.getTime() + 2_000).toISOString();
    await openAttack({
      enemies: enemiesPage([enemy('bob', { attackCooldownUntil: until }), enemy('carol')]),
      fakeTimers: true,
    });
    expect(within(enemyCard('bob')).getByTestId('enemy-cooldown')).toHaveTextContent('Cooldown 00:00:02');
    expect(attackButton('bob')).toBeDisabled();
    expect(attackButton('carol')).toBeEnabled();
    expect(within(enemyCard('carol')).queryByTestId('enemy-cooldown')).not.toBeInTheDocument();

    await advance(1_000);
    expect(within(enemyCard('bob')).getByTestId('enemy-cooldown')).toHaveTextContent('Cooldown 00:00:01');
    await advance(1_000);
    expect(within(enemyCard('bob')).queryByTestId('enemy-cooldown')).not.toBeInTheDocument();
    expect(attackButton('bob')).toBeEnabled();
  });

  it('shows why a shielded enemy cannot be raided and disables Attack; a newcomer shield counts down, a low City Hall shows its loot share', async () => {
    const until = new Date(NOW.getTime() + 2_000).toISOString();
    await openAttack({
      enemies: enemiesPage([
        enemy('bob', { shield: 'free', lootPercent: 0 }),
        enemy('carol', { shield: 'out-of-band', lootPercent: 0 }),
        enemy('dave', { shield: 'newcomer', shieldEndsAt: until, lootPercent: 0 }),
        enemy('erin', { lootPercent: 50 }),
      ]),
      fakeTimers: true,
    });
    expect(within(enemyCard('bob')).getByTestId('enemy-shield')).toHaveTextContent('Free account: shielded from paid raiders');
    expect(within(enemyCard('carol')).getByTestId('enemy-shield')).toHaveTextContent('City Hall too far below yours');
    expect(within(enemyCard('dave')).getByTestId('enemy-shield')).toHaveTextContent('Newcomer shield 00:00:02');
    for (const name of ['bob', 'carol', 'dave']) expect(attackButton(name)).toBeDisabled();
    expect(within(enemyCard('erin')).getByTestId('enemy-loot-percent')).toHaveTextContent('50% of the loot');
    expect(attackButton('erin')).toBeEnabled();

    await advance(2_000);
    expect(within(enemyCard('dave')).queryByTestId('enemy-shield')).not.toBeInTheDocument();
    expect(attackButton('dave')).toBeEnabled();
  });

  it('pads a long cooldown to HH:MM:SS', async () => {
    const until = new Date(NOW.getTime() + 3 * 3_600_000 + 5 * 60_000 + 9_000).toISOString();
    await openAttack({ enemies: enemiesPage([enemy('bob', { attackCooldownUntil: until })]), fakeTimers: true });
    expect(within(enemyCard('bob')).getByTestId('enemy-cooldown')).toHaveTextContent(/^Cooldown 03:05:09$/);
  });
});
