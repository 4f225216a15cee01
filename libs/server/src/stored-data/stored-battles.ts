import { z } from 'zod';
import { RESOURCE_KEYS, UNIT_KEYS } from '@runik/rules';
import { countsOf } from './counts';
import type { BattleInput, BattleOutcome, CommanderBonuses, Losses, ThroneFighterOutcome, Troops } from '@runik/rules';

/**
 * Decoders for what battles stored as JSON. A row keeps the keys of the day it was written: a unit or
 * a resource added since, or a field a later version records (loot lost on the way home, a throne
 * fighter's bonuses), is missing from older rows. Each shape is read here, once, with the default
 * that row stands for, so no reader meets `undefined` where its type promises a number.
 */
const troops = countsOf(UNIT_KEYS);
const resources = countsOf(RESOURCE_KEYS);
const zeroTroops = () => troops.parse({});
const zeroResources = () => resources.parse({});
const losses = z.object({ dead: troops.default(zeroTroops), injured: troops.default(zeroTroops) });
const side = z.object({ troops, bonuses: troops.default(zeroTroops) });

const battleInput = z.object({
  attacker: side,
  defender: side.extend({ pending: resources.default(zeroResources) }),
  seed: z.number(),
  // Raids before their terms took the whole loot share and lost nothing on the way home.
  lootPercent: z.number().default(100),
  lootLostPercent: z.number().default(0),
});

const battleOutcome = z.object({
  winner: z.enum(['attacker', 'defender']),
  attackerPower: z.number(),
  defenderPower: z.number(),
  attacker: losses,
  defender: losses,
  loot: resources.default(zeroResources),
  lootLost: resources.default(zeroResources),
});

/** A throne fighter as stored; `bonuses` only since battle reports (older rows lack it: null, not zero, as they are unknown). */
const throneFighter = z.object({
  playerId: z.number(),
  survivors: troops.default(zeroTroops),
  dead: troops.default(zeroTroops),
  injured: troops.default(zeroTroops),
  bonuses: troops.nullable().default(null),
});

export type StoredThroneFighter = ThroneFighterOutcome & { bonuses: CommanderBonuses | null };

/** `battles.input`: what the battle was fought with. */
export function decodeBattleInput(stored: unknown): BattleInput {
  return battleInput.parse(stored);
}

/** `battles.outcome`, without its rolls: a report replays them from the input (older rows stored none). */
export function decodeBattleOutcome(stored: unknown): Omit<BattleOutcome, 'rolls'> {
  return battleOutcome.parse(stored);
}

/** `citadel_attacks.army`. */
export function decodeTroops(stored: unknown): Troops {
  return troops.parse(stored);
}

/** `citadel_attacks.bonuses`. */
export function decodeBonuses(stored: unknown): CommanderBonuses {
  return troops.parse(stored);
}

/** `citadel_attacks.casualties`. */
export function decodeLosses(stored: unknown): Losses {
  return losses.parse(stored);
}

/** `throne_battles.outcome`'s two sides. */
export function decodeThroneFighters(stored: unknown): { attackers: StoredThroneFighter[]; defenders: StoredThroneFighter[] } {
  return z.object({ attackers: z.array(throneFighter), defenders: z.array(throneFighter) }).parse(stored);
}
