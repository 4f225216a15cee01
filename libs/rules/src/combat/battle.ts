import { noResources, RESOURCE_KEYS, ResourceAmounts, UNIT_KEYS, UnitKey } from '../city/balance-sheet';
import { recordOf } from '../city/record-of';
import { seededRandom } from '../random/seeded-random';
import { CommanderBonuses, noTroops, troopPower, Troops } from './army';
import { lootBroughtHome } from './raids';

/** Every number of the battle formula; docs/combat.md explains them. */
export const BATTLE = {
  /** The defender fights at home: its power counts 10% more. */
  defenderAdvantage: 0.1,
  /** Each side's power is multiplied by a luck factor drawn in [luckMin, luckMax). */
  luckMin: 0.9,
  luckMax: 1.1,
  /** Share of the winner's army lost, times the closeness of the fight (loser power / winner power). */
  winnerLossShare: 0.1,
  /** Share of the loser's army lost: the base plus the closeness part. */
  loserLossBase: 0.2,
  loserLossCloseness: 0.2,
  /** Of the troops lost, this share dies; the rest is injured and goes to the Sanctum. */
  deathShare: 0.4,
  /** A winning attacker takes this share of each pending resource... */
  lootShare: 0.3,
  /** ...up to what its surviving troops carry, in whole resources per unit. */
  carryPerUnit: { infantry: 20, archers: 15, cavalries: 40 } satisfies Record<UnitKey, number>,
} as const;

export interface BattleSide {
  troops: Troops;
  bonuses: CommanderBonuses;
}

export interface BattleInput {
  attacker: BattleSide;
  /** The defender's pending (unharvested) resources in thousandths: what can be looted. */
  defender: BattleSide & { pending: ResourceAmounts };
  seed: number;
  /** Percent of the loot share this raid may take (raidTerms: less from a much lower City Hall). */
  lootPercent: number;
  /** Percent of what is taken that is lost on the way home (RAIDS.lootLostPercent; 0 for battles fought before it). */
  lootLostPercent: number;
}

export interface Losses {
  dead: Troops;
  injured: Troops;
}

/** Every random draw of a battle, in the order drawn from the seed: what a report shows and a replay repeats. */
export interface BattleRolls {
  /** Luck factors in [luckMin, luckMax) multiplying each side's power. */
  attackerLuck: number;
  defenderLuck: number;
  /** Per troop type, a draw in [0, 1): a fraction of a lost unit counts as one more lost when the draw is below it. */
  attackerLosses: Troops;
  defenderLosses: Troops;
}

export interface BattleOutcome {
  winner: 'attacker' | 'defender';
  /** Powers after advantage and luck, in thousandths. */
  attackerPower: number;
  defenderPower: number;
  attacker: Losses;
  defender: Losses;
  /** Thousandths the attacker brings home. */
  loot: ResourceAmounts;
  /** Thousandths taken from the defender but lost on the way home (never minted). */
  lootLost: ResourceAmounts;
  rolls: BattleRolls;
}

/**
 * Resolves a battle. Pure and deterministic: the same input (seed included) always gives the
 * same outcome, so a recorded battle can be replayed and checked. It draws the rolls from the seed
 * (both lucks, then each side's loss roundings by troop type) and fights with them.
 */
export function resolveBattle(input: BattleInput): BattleOutcome {
  const random = seededRandom(input.seed);
  const luck = () => BATTLE.luckMin + (BATTLE.luckMax - BATTLE.luckMin) * random.fraction();
  const attackerLuck = luck();
  const defenderLuck = luck();
  const draws = (): Troops => recordOf(UNIT_KEYS, () => random.fraction());
  const attackerLosses = draws();
  return fightBattle(input, { attackerLuck, defenderLuck, attackerLosses, defenderLosses: draws() });
}

/**
 * The one battle formula (docs/combat.md, "The battle"): the outcome of `input` under the given
 * rolls. A battle calls it with the rolls of its seed (resolveBattle); the preview evaluates it over
 * the luck range (previewBattle), never with the rolls a battle will use.
 */
export function fightBattle(
  { attacker, defender, lootPercent, lootLostPercent }: Omit<BattleInput, 'seed'>,
  rolls: BattleRolls,
): BattleOutcome {
  const attackerPower = sidePower(attacker) * rolls.attackerLuck;
  const defenderPower = defenderHomePower(defender) * rolls.defenderLuck;
  const attackerWins = attackerPower > defenderPower;
  const winnerPower = Math.max(attackerPower, defenderPower);
  const closeness = winnerPower === 0 ? 0 : Math.min(attackerPower, defenderPower) / winnerPower;
  const winnerShare = BATTLE.winnerLossShare * closeness;
  const loserShare = BATTLE.loserLossBase + BATTLE.loserLossCloseness * closeness;

  const attackerLosses = losses(attacker.troops, attackerWins ? winnerShare : loserShare, rolls.attackerLosses);
  const defenderLosses = losses(defender.troops, attackerWins ? loserShare : winnerShare, rolls.defenderLosses);
  const survivors = recordOf(UNIT_KEYS, (unit) => attacker.troops[unit] - attackerLosses.dead[unit] - attackerLosses.injured[unit]);

  return {
    winner: attackerWins ? 'attacker' : 'defender',
    attackerPower: Math.floor(attackerPower),
    defenderPower: Math.floor(defenderPower),
    attacker: attackerLosses,
    defender: defenderLosses,
    ...spoils(attackerWins ? taken(defender.pending, survivors, lootPercent) : noResources(), lootLostPercent),
    rolls,
  };
}

/** The defender's power before luck: its troops and gear, fighting at home. */
export function defenderHomePower(defender: BattleSide): number {
  return sidePower(defender) * (1 + BATTLE.defenderAdvantage);
}

/** A side's power before luck, in thousandths (not rounded): its troops with their commander gear. */
export function sidePower(side: BattleSide): number {
  return UNIT_KEYS.reduce((sum, unit) => sum + troopPower(unit, side.troops[unit], side.bonuses), 0);
}

/** Troops lost per type: the share of each, a fraction of a unit counting as one more when its draw is below it, so small armies lose fairly too. */
function losses(troops: Troops, share: number, draws: Troops): Losses {
  const dead = noTroops();
  const injured = noTroops();
  for (const unit of UNIT_KEYS) {
    const exact = troops[unit] * share;
    const lost = Math.min(troops[unit], Math.floor(exact) + (draws[unit] < exact - Math.floor(exact) ? 1 : 0));
    dead[unit] = Math.floor(lost * BATTLE.deathShare);
    injured[unit] = lost - dead[unit];
  }
  return { dead, injured };
}

/** The loot share (times the raid's percent) of each pending resource, scaled down together to what the survivors carry. */
function taken(pending: ResourceAmounts, survivors: Troops, lootPercent: number): ResourceAmounts {
  const wanted = recordOf(RESOURCE_KEYS, (resource) => Math.floor((Math.max(0, pending[resource]) * BATTLE.lootShare * lootPercent) / 100));
  const total = RESOURCE_KEYS.reduce((sum, resource) => sum + wanted[resource], 0);
  const capacity = UNIT_KEYS.reduce((sum, unit) => sum + survivors[unit] * BATTLE.carryPerUnit[unit] * 1000, 0);
  if (total <= capacity) return wanted;
  // Exact integer scaling: the amounts can exceed 2^53 once multiplied.
  return recordOf(RESOURCE_KEYS, (resource) => Number((BigInt(wanted[resource]) * BigInt(capacity)) / BigInt(total)));
}

/** What was taken splits into what reaches home and what is lost on the way. */
function spoils(takenAmounts: ResourceAmounts, lootLostPercent: number): { loot: ResourceAmounts; lootLost: ResourceAmounts } {
  const loot = recordOf(RESOURCE_KEYS, (resource) => lootBroughtHome(takenAmounts[resource], lootLostPercent));
  return { loot, lootLost: recordOf(RESOURCE_KEYS, (resource) => takenAmounts[resource] - loot[resource]) };
}
