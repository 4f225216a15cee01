import { UNIT_KEYS, UnitKey } from '../city/balance-sheet';

export type Troops = Record<UnitKey, number>;

/** Changed only by overrideUnitPowerForTests; everything else reads UNIT_POWER. */
const unitPower: Record<UnitKey, number> = { infantry: 10, archers: 21, cavalries: 36 };

/**
 * Power of one unit in thousandths of a power point: the spec's Throne Wars values
 * (infantry 0.01, archers 0.021, cavalry 0.036), used for every army power in the game, the
 * leaderboard's stored army_power included (libs/server/src/city/army-power-sql.ts).
 */
export const UNIT_POWER: Readonly<Record<UnitKey, number>> = unitPower;

/**
 * Tests only: sets one unit's power (thousandths) so a test can follow a balance change through
 * every layer; returns the function that puts the rules' value back.
 */
export function overrideUnitPowerForTests(unit: UnitKey, thousandths: number): () => void {
  const original = unitPower[unit];
  unitPower[unit] = thousandths;
  return () => {
    unitPower[unit] = original;
  };
}

/** Percent attack boost per troop type from commander gear. */
export type CommanderBonuses = Record<UnitKey, number>;

export const NO_COMMANDER_BONUSES: Readonly<CommanderBonuses> = { infantry: 0, archers: 0, cavalries: 0 };

/** Power of one troop type, each unit times (1 + boost / 100), in thousandths (not rounded). */
export function troopPower(unit: UnitKey, count: number, bonuses: CommanderBonuses): number {
  return count * UNIT_POWER[unit] * (1 + bonuses[unit] / 100);
}

/** Army power in thousandths, rounded down; exact, with boosts counted to a hundredth of a percent. */
export function armyPower(troops: Troops, bonuses: CommanderBonuses = NO_COMMANDER_BONUSES): number {
  const tenThousandths = UNIT_KEYS.reduce(
    (sum, unit) => sum + troops[unit] * UNIT_POWER[unit] * (10_000 + Math.round(bonuses[unit] * 100)),
    0,
  );
  return Math.floor(tenThousandths / 10_000);
}

export function troopCount(troops: Troops): number {
  return UNIT_KEYS.reduce((sum, unit) => sum + troops[unit], 0);
}

export function noTroops(): Troops {
  return { infantry: 0, archers: 0, cavalries: 0 };
}
