import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ApiRoutes,
  AppRoutes,
  type ArmyStatsResponse,
  type AttackPreviewResponse,
  type BattleVerdict,
  type EnemiesResponse,
  type Enemy,
} from '@runik/contract';
import { ATTACK_CHARGES_MAX } from '@runik/rules';
import { advance } from '../../testing/city-fixtures';
import { installFakeApi, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { expect } from 'vitest';
import { AttackTexts } from './attack-messages';
import { AttackPage } from './AttackPage';

// Test data for the Attack screen's specs.

export const PLAYER = 'alice';

export function armyStats(overrides: Partial<ArmyStatsResponse> = {}): ArmyStatsResponse {
  return {
    infantry: 120,
    archers: 45,
    cavalry: 8,
    armyCount: 173,
    armyPower: 2.433,
    attacksRemaining: 3,
    attacksMax: ATTACK_CHARGES_MAX,
    nextRegenInMs: 0,
    cooldownActive: false,
    commanderBonuses: { infantry: 5, archer: 12.5, cavalry: 0 },
    ...overrides,
  };
}

export function enemy(name: string, overrides: Partial<Enemy> = {}): Enemy {
  return {
    name,
    chLevel: 4,
    allianceTag: null,
    infantry: 50,
    archers: 20,
    cavalry: 2,
    armyPower: 0.992,
    commanderBonuses: { infantry: 0, archer: 0, cavalry: 0 },
    pendingResources: { wheat: 150.456, lumber: 80, stone: 0.009, ore: 12.5 },
    attackCooldownUntil: null,
    shield: null,
    shieldEndsAt: null,
    lootPercent: 100,
    ...overrides,
  };
}

/** What decided a won raid: alice's 2,433 power met bob's 1,091, luck ×1.04 against ×0.91. */
export const VERDICT: BattleVerdict = {
  attackerPower: 2.433,
  defenderPower: 1.091,
  defenderAdvantagePercent: 10,
  attackerLuck: 1.0432,
  defenderLuck: 0.91234,
  attackerRolledPower: 2.538,
  defenderRolledPower: 0.995,
};

/** What the server previews of an attack on an enemy (each enemy card shows it, and the confirm). */
export function attackPreview(overrides: Partial<AttackPreviewResponse> = {}): AttackPreviewResponse {
  return {
    attackerPower: 2.433,
    defenderPower: 1.091,
    defenderAdvantagePercent: 10,
    attackerBonuses: { infantry: 5, archer: 12.5, cavalry: 0 },
    defenderBonuses: { infantry: 0, archer: 0, cavalry: 0 },
    winChance: 1,
    expectedWinner: 'attacker',
    expectedLosses: { dead: { infantry: 2, archers: 0, cavalry: 0 }, injured: { infantry: 3, archers: 1, cavalry: 0 } },
    expectedEnemyLosses: { dead: { infantry: 11, archers: 4, cavalry: 0 }, injured: { infantry: 17, archers: 7, cavalry: 1 } },
    expectedLoot: { wheat: 36.109, lumber: 19.2, stone: 0.002, ore: 3 },
    lostOnTheWayHome: { wheat: 9.027, lumber: 4.8, stone: 0, ore: 0.75 },
    lootPercent: 100,
    ...overrides,
  };
}

export function enemiesPage(enemies: Enemy[], page = 1, totalPages = 1): EnemiesResponse {
  return { enemies, page, totalPages };
}

interface OpenOptions {
  army?: ArmyStatsResponse | Responder;
  enemies?: EnemiesResponse | Responder;
  /** On fake timers: drive the page with fireEvent, findBy* would wait on the faked clock. */
  fakeTimers?: boolean;
  /** Each enemy's odds, when not the usual answer (held back, say). */
  preview?: Responder;
}

/** A body answered with 200, or a responder as it is. */
function responder(value: object): Responder {
  return typeof value === 'function' || 'status' in value ? (value as Responder) : { status: 200, data: value };
}

/** The Attack page for the logged-in player, with the app's providers (the route itself is AppRouter's business). */
export function renderAttack() {
  return renderWithProviders(<AttackPage />, AppRoutes.attack);
}

/** Logs alice in and opens the Attack page; resolves once the army shows and the enemies have loaded (or failed to). */
export async function openAttack({
  army = armyStats(),
  enemies = enemiesPage([enemy('bob')]),
  fakeTimers = false,
  preview = responder(attackPreview()),
}: OpenOptions = {}) {
  const api = installFakeApi()
    .on('GET', ApiRoutes.armyStats(PLAYER), responder(army))
    .on('GET', ApiRoutes.enemies(PLAYER, 1, 0), responder(enemies));
  if (!('status' in enemies) && typeof enemies !== 'function')
    for (const { name } of enemies.enemies) api.on('GET', ApiRoutes.attackPreview(PLAYER, name), preview);
  logInAs(PLAYER);
  const rendered = renderAttack();
  if (fakeTimers) {
    await advance(0);
    await advance(0);
  } else {
    await screen.findByTestId('army-banner');
    await waitFor(() => expect(screen.queryByText(AttackTexts.loadingEnemies)).not.toBeInTheDocument());
  }
  return { api, ...rendered };
}

/** Attack on the enemy's card, then Attack in the confirm that shows the odds (on fake timers). */
export async function attackFromCard(name: string): Promise<void> {
  fireEvent.click(within(enemyCard(name)).getByRole('button', { name: 'Attack' }));
  await advance(0);
  fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
}

/** The card of the enemy called `name`. */
export function enemyCard(name: string): HTMLElement {
  return screen.getByTestId(`enemy-${name}`);
}
