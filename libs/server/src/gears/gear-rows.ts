import { Selectable } from 'kysely';
import { EntityManager } from 'typeorm';
import { GEAR_MAX_LEVEL, GEAR_TYPES, gearStatHundredths, gearStats, GearType, recordOf, requiredExp } from '@runik/rules';
import type { EquippedGears, Gear } from '@runik/contract';
import type { Gears } from '../core/database/schema';

/** A gear as stored; its material value (`exp_value`) is its base value at the level it was made, plus the experience fed into it. */
export type GearRow = Selectable<Gears>;

export function gearDto(row: GearRow): Gear {
  const required = requiredExp(row.level);
  return {
    gearId: Number(row.id),
    type: row.type,
    category: row.category,
    rarity: row.rarity,
    level: row.level,
    currentExp: row.current_exp,
    requiredExp: required,
    expProgress: row.level >= GEAR_MAX_LEVEL ? 100 : Math.floor((row.current_exp * 100) / required),
    expValue: row.exp_value,
    isEquipped: row.equipped,
    isListed: row.listed,
    stats: gearStats(row.type, row.rarity, row.level),
  };
}

/** A player's gears, oldest first; `FOR UPDATE` when the caller is about to change them. */
export async function gearsOf(manager: EntityManager, playerId: number, lock = false): Promise<GearRow[]> {
  return manager.query(`SELECT * FROM gears WHERE owner_id = $1 ORDER BY id${lock ? ' FOR UPDATE' : ''}`, [playerId]);
}

export async function equippedGears(manager: EntityManager, playerId: number): Promise<EquippedGears> {
  const slots: EquippedGears = recordOf(GEAR_TYPES, () => null);
  const rows: GearRow[] = await manager.query(`SELECT * FROM gears WHERE owner_id = $1 AND equipped`, [playerId]);
  for (const row of rows) slots[row.type] = gearDto(row);
  return slots;
}

/**
 * Copies the equipped commander gear's boosts (hundredths of a percent) onto the city, where the
 * stored army power the leaderboard sorts on is computed from them. Call after any change to
 * equipped commander gear.
 */
export async function refreshCommanderBoosts(manager: EntityManager, playerId: number): Promise<void> {
  const rows: GearRow[] = await manager.query(`SELECT * FROM gears WHERE owner_id = $1 AND equipped AND category = 'commander'`, [
    playerId,
  ]);
  const boost = (type: GearType) => {
    const gear = rows.find((row) => row.type === type);
    return gear ? gearStatHundredths(gear.rarity, gear.level) : 0;
  };
  await manager.query(`UPDATE cities SET infantry_boost = $2, archers_boost = $3, cavalries_boost = $4 WHERE player_id = $1`, [
    playerId,
    boost('infantry'),
    boost('archer'),
    boost('cavalry'),
  ]);
}
