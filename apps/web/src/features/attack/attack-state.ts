import type { ArmyStatsResponse, Enemy, EnemiesResponse } from '@runik/contract';
import { ENEMY_COOLDOWN_MS } from '@runik/rules';

/** Army stats as the screen keeps them: the regeneration delay turned into an instant on the client's clock. */
export interface ArmyState extends ArmyStatsResponse {
  /** When the next charge comes back, ms; null when the charges are full. */
  nextRegenAt: number | null;
}

export function toArmyState(stats: ArmyStatsResponse, receivedAt: number): ArmyState {
  return { ...stats, nextRegenAt: stats.nextRegenInMs > 0 ? receivedAt + stats.nextRegenInMs : null };
}

/** Whether the player's side allows an attack: troops, a charge left and no personal cooldown (spec section 4). */
export function canAttackNow(army: ArmyState): boolean {
  return army.armyCount > 0 && army.attacksRemaining > 0 && !army.cooldownActive;
}

/** When the enemy may be attacked again, ms; null when it may be now. */
export function cooldownEnd(enemy: Enemy, now: number): number | null {
  const until = enemy.attackCooldownUntil === null ? NaN : Date.parse(enemy.attackCooldownUntil);
  return Number.isFinite(until) && until > now ? until : null;
}

/** `page` with each enemy in `updated` replaced by its new state (matched by name). */
export function withUpdatedEnemies(page: EnemiesResponse, updated: Enemy[]): EnemiesResponse {
  const byName = new Map(updated.map((enemy) => [enemy.name, enemy]));
  return { ...page, enemies: page.enemies.map((enemy) => byName.get(enemy.name) ?? enemy) };
}

/** `page` with `name` cooling down until `untilIso`. */
export function withCooldown(page: EnemiesResponse, name: string, untilIso: string): EnemiesResponse {
  return { ...page, enemies: page.enemies.map((enemy) => (enemy.name === name ? { ...enemy, attackCooldownUntil: untilIso } : enemy)) };
}

/**
 * After a battle the enemy is locked for 4 hours on the client (spec section 4): the server's
 * cooldown when the updated enemy carries one, else from now.
 */
export function lockAfterAttack(page: EnemiesResponse, name: string, now: number): EnemiesResponse {
  const enemy = page.enemies.find((candidate) => candidate.name === name);
  if (!enemy || cooldownEnd(enemy, now) !== null) return page;
  return withCooldown(page, name, new Date(now + ENEMY_COOLDOWN_MS).toISOString());
}
