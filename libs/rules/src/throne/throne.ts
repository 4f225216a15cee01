import { BuildingKey, RESOURCE_BUILDINGS, MILITARY_BUILDINGS, MAX_CITY_HALL_LEVEL, UNIT_KEYS } from '../city/balance-sheet';
import { armyPower, CommanderBonuses, noTroops, troopCount, Troops } from '../combat/army';
import { BATTLE } from '../combat/battle';

/** Seconds an alliance must hold the throne without a break to win the war (docs/throne.md). */
export const THRONE_FULL_CONTROL_SECONDS = 30 * 60;
/** Seconds a rally gathers before it marches on the throne (docs/throne.md). */
export const THRONE_RALLY_GATHER_SECONDS = 5 * 60;
/** Building levels the winners receive: the leader +2 on every building, every other member +1. */
export const THRONE_REWARD_LEVELS = { leader: 2, member: 1 } as const;
/** Largest count of one troop type one call may commit. */
export const MAX_THRONE_TROOPS = 1_000_000_000;

export type ThroneStatus = 'voting' | 'waiting' | 'active' | 'completed';

/** One player's troops in a throne fight, with that player's commander boosts. */
export interface ThroneFighter {
  playerId: number;
  troops: Troops;
  bonuses: CommanderBonuses;
}

export interface ThroneFighterOutcome {
  playerId: number;
  survivors: Troops;
  dead: Troops;
  injured: Troops;
}

export interface ThroneBattleOutcome {
  winner: 'attacker' | 'defender';
  /** Summed power of each side in thousandths. */
  attackerPower: number;
  defenderPower: number;
  attackers: ThroneFighterOutcome[];
  defenders: ThroneFighterOutcome[];
}

/** A side's power: the sum of each participant's army power (spec section 9). */
export function throneSidePower(fighters: readonly ThroneFighter[]): number {
  return fighters.reduce((sum, fighter) => sum + armyPower(fighter.troops, fighter.bonuses), 0);
}

/**
 * A fight for the throne, decided by power alone (no luck: the whole alliance sees what it must
 * beat). The attacker must be stronger: a tie holds the throne. The losing side loses every troop
 * it committed; the winner loses the share loser power / winner power of each troop type, rounded
 * down. Of the troops lost 40% die and the rest are injured (the Sanctum), as in raids.
 */
export function resolveThroneBattle(attackers: readonly ThroneFighter[], defenders: readonly ThroneFighter[]): ThroneBattleOutcome {
  const attackerPower = throneSidePower(attackers);
  const defenderPower = throneSidePower(defenders);
  const attackerWins = attackerPower > defenderPower;
  const winnerPower = Math.max(attackerPower, defenderPower);
  const loserPower = Math.min(attackerPower, defenderPower);
  const winnerLoss = (troops: Troops) => lose(troops, loserPower, winnerPower);
  const loserLoss = (troops: Troops) => lose(troops, 1, 1);
  const outcome =
    (lossOf: (troops: Troops) => Troops) =>
    (fighter: ThroneFighter): ThroneFighterOutcome => {
      const lost = lossOf(fighter.troops);
      const dead = noTroops();
      const injured = noTroops();
      const survivors = noTroops();
      for (const unit of UNIT_KEYS) {
        dead[unit] = Math.floor(lost[unit] * BATTLE.deathShare);
        injured[unit] = lost[unit] - dead[unit];
        survivors[unit] = fighter.troops[unit] - lost[unit];
      }
      return { playerId: fighter.playerId, survivors, dead, injured };
    };
  return {
    winner: attackerWins ? 'attacker' : 'defender',
    attackerPower,
    defenderPower,
    attackers: attackers.map(outcome(attackerWins ? winnerLoss : loserLoss)),
    defenders: defenders.map(outcome(attackerWins ? loserLoss : winnerLoss)),
  };
}

/** Each troop type times numerator / denominator, rounded down, exactly (the product can pass 2^53). */
function lose(troops: Troops, numerator: number, denominator: number): Troops {
  const lost = noTroops();
  if (denominator === 0) return lost;
  for (const unit of UNIT_KEYS) lost[unit] = Number((BigInt(troops[unit]) * BigInt(numerator)) / BigInt(denominator));
  return lost;
}

export function hasTroops(troops: Troops): boolean {
  return troopCount(troops) > 0;
}

/**
 * A throne reward of `levels` on every building: City Hall up to its maximum, every unlocked
 * building as far as the raised City Hall allows (a building's level may reach City Hall's minus its
 * unlock plus one, as upgrades allow). Buildings still locked keep their level.
 */
export function throneRewardLevels(
  chLevel: number,
  levels: Readonly<Record<BuildingKey, number>>,
  reward: number,
): { chLevel: number; levels: Record<BuildingKey, number> } {
  const newChLevel = Math.min(MAX_CITY_HALL_LEVEL, chLevel + reward);
  const raised = { ...levels };
  for (const { key, unlock } of [...RESOURCE_BUILDINGS, ...MILITARY_BUILDINGS]) {
    if (newChLevel < unlock) continue;
    raised[key] = Math.max(levels[key], Math.min(levels[key] + reward, newChLevel - unlock + 1));
  }
  return { chLevel: newChLevel, levels: raised };
}
