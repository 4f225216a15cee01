import { ApiRoutes } from '@runik/contract';
import type { EquippedGearsResponse, Gear, GearsResponse, UpgradeHistoryResponse, UserGearsResponse } from '@runik/contract';
import { gearCategory, GearRarity, GearType } from '@runik/rules';
import { CityPlayer } from './city';
import { queryDatabase } from './database';
import type { Stack } from './stack';

export interface GearSpec {
  type: GearType;
  rarity: GearRarity;
  level: number;
  currentExp?: number;
  /** Its stored material value, when it is not materialValue of the rest (a gear the blacksmith fed). */
  expValue?: number;
  listed?: boolean;
  /** Straight into its slot (the partial unique index still holds: one a slot). */
  equipped?: boolean;
}

/**
 * Gear comes from packs (tested elsewhere); these tests put it in a player's inventory directly, as if
 * made at its level and then fed its experience (so worth materialValue). Returns its id.
 */
export async function giveGear(stack: Stack, player: CityPlayer, spec: GearSpec): Promise<number> {
  const [{ id }] = await queryDatabase<{ id: string }>(
    stack.database.url,
    `INSERT INTO gears (owner_id, type, category, rarity, level, current_exp, exp_value, equipped, listed, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) RETURNING id`,
    [
      player.playerId,
      spec.type,
      gearCategory(spec.type),
      spec.rarity,
      spec.level,
      spec.currentExp ?? 0,
      spec.expValue ?? materialValue(spec.rarity, spec.level, spec.currentExp),
      spec.equipped ?? false,
      spec.listed ?? false,
    ],
  );
  return Number(id);
}

/** Several gears of one kind. */
export async function giveGears(stack: Stack, player: CityPlayer, count: number, spec: GearSpec): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await giveGear(stack, player, spec));
  return ids;
}

export interface GearRow {
  id: number;
  ownerId: number;
  type: GearType;
  category: string;
  rarity: GearRarity;
  level: number;
  currentExp: number;
  equipped: boolean;
  listed: boolean;
}

const toGearRow = (row: Record<string, unknown>): GearRow => ({
  id: Number(row.id),
  ownerId: Number(row.owner_id),
  type: row.type as GearType,
  category: row.category as string,
  rarity: row.rarity as GearRarity,
  level: row.level as number,
  currentExp: row.current_exp as number,
  equipped: row.equipped as boolean,
  listed: row.listed as boolean,
});

/** A gear as stored, or undefined once it is gone (consumed as material). */
export async function gearRow(stack: Stack, gearId: number): Promise<GearRow | undefined> {
  const [row] = await queryDatabase(stack.database.url, 'SELECT * FROM gears WHERE id = $1', [gearId]);
  return row ? toGearRow(row) : undefined;
}

/** A player's gears as stored, by id. */
export async function gearRowsOf(stack: Stack, player: CityPlayer): Promise<GearRow[]> {
  return (await queryDatabase(stack.database.url, 'SELECT * FROM gears WHERE owner_id = $1 ORDER BY id', [player.playerId])).map(toGearRow);
}

/** Ids of a player's equipped gears of one type (the slot): never more than one. */
export async function equippedIdsOf(stack: Stack, player: CityPlayer, type: GearType): Promise<number[]> {
  const rows = await queryDatabase<{ id: string }>(
    stack.database.url,
    'SELECT id FROM gears WHERE owner_id = $1 AND type = $2 AND equipped ORDER BY id',
    [player.playerId, type],
  );
  return rows.map((row) => Number(row.id));
}

export interface UpgradeRow {
  playerId: number;
  gearId: number;
  gearName: string;
  levelBefore: number;
  levelAfter: number;
  expGained: number;
  materialsUsed: number;
  upgradedAt: Date;
}

/** Upgrades recorded for a player, oldest first. */
export async function upgradeRowsOf(stack: Stack, player: CityPlayer): Promise<UpgradeRow[]> {
  const rows = await queryDatabase<Record<string, unknown>>(
    stack.database.url,
    'SELECT * FROM gear_upgrades WHERE player_id = $1 ORDER BY id',
    [player.playerId],
  );
  return rows.map((row) => ({
    playerId: Number(row.player_id),
    gearId: Number(row.gear_id),
    gearName: row.gear_name as string,
    levelBefore: row.level_before as number,
    levelAfter: row.level_after as number,
    expGained: row.exp_gained as number,
    materialsUsed: row.materials_used as number,
    upgradedAt: row.upgraded_at as Date,
  }));
}

/** Everything a refused gear or blacksmith call must leave untouched: the players' gears and cities, every upgrade, the ledger. */
export async function gearSnapshot(stack: Stack, ...players: CityPlayer[]): Promise<unknown[]> {
  const ids = players.map((player) => player.playerId);
  return Promise.all([
    queryDatabase(stack.database.url, 'SELECT * FROM gears WHERE owner_id = ANY($1) ORDER BY id', [ids]),
    queryDatabase(stack.database.url, 'SELECT * FROM cities WHERE player_id = ANY($1) ORDER BY player_id', [ids]),
    queryDatabase(stack.database.url, 'SELECT * FROM gear_upgrades ORDER BY id'),
    queryDatabase(stack.database.url, 'SELECT count(*) FROM ledger_entries'),
  ]);
}

/** The city row's production bookkeeping: what was banked, and since when the current rate runs. */
export async function productionRow(
  stack: Stack,
  player: CityPlayer,
): Promise<{ storedPending: Record<string, number>; anchorMs: number }> {
  const [row] = await queryDatabase<{ stored_pending: Record<string, number>; production_anchor_at: Date }>(
    stack.database.url,
    'SELECT stored_pending, production_anchor_at FROM cities WHERE player_id = $1',
    [player.playerId],
  );
  return { storedPending: row.stored_pending, anchorMs: row.production_anchor_at.getTime() };
}

export function equip(player: CityPlayer, gearId: unknown, slotType: unknown = undefined, extra: Record<string, unknown> = {}) {
  return player.api.post(ApiRoutes.gearsEquip, { hiveUsername: player.username, gearId, slotType, ...extra });
}

export function unequip(player: CityPlayer, slotType: unknown, extra: Record<string, unknown> = {}) {
  return player.api.post(ApiRoutes.gearsUnequip, { hiveUsername: player.username, slotType, ...extra });
}

export function previewUpgrade(player: CityPlayer, body: unknown) {
  return player.api.post(ApiRoutes.upgradePreview(player.username), body);
}

export function upgrade(player: CityPlayer, body: unknown) {
  return player.api.post(ApiRoutes.upgrade(player.username), body);
}

async function ok<T>(what: string, call: Promise<{ status: number; data: unknown }>): Promise<T> {
  const response = await call;
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data as T;
}

export const equippedOf = (player: CityPlayer) =>
  ok<EquippedGearsResponse>(`equipped gears of ${player.username}`, player.api.get(ApiRoutes.gearsEquipped(player.username)));

export const availableOf = (player: CityPlayer, category?: string, type?: string) =>
  ok<GearsResponse>(`available gears of ${player.username}`, player.api.get(ApiRoutes.gearsAvailable(player.username, category, type)));

export const userGearsOf = (player: CityPlayer) =>
  ok<UserGearsResponse>(`user gears of ${player.username}`, player.api.get(ApiRoutes.blacksmithGears(player.username)));

export const historyOf = (player: CityPlayer, offset = 0) =>
  ok<UpgradeHistoryResponse>(`upgrade history of ${player.username}`, player.api.get(ApiRoutes.upgradeHistory(player.username, offset)));

export const idsOf = (gears: Gear[]) => gears.map((gear) => gear.gearId);

/** docs/gear.md, written out again so the tests check the rules rather than reuse them: stat percent at level 1 and per level. */
const STAT_TABLE: Record<GearRarity, [number, number]> = {
  common: [1, 0.2],
  rare: [2, 0.4],
  epic: [4, 0.8],
  legendary: [7, 1.4],
  mythical: [12, 2.4],
};
const MATERIAL_VALUE: Record<GearRarity, number> = { common: 20, rare: 60, epic: 180, legendary: 540, mythical: 1620 };
const STAT_KEY: Record<GearType, keyof Gear['stats']> = {
  infantry: 'infantryAttackBoost',
  archer: 'archerAttackBoost',
  cavalry: 'cavalryAttackBoost',
  wheat: 'wheatProduction',
  lumber: 'lumberProduction',
  stone: 'stoneProduction',
  ore: 'oreProduction',
};

/** A gear's stat percent, to two decimals (docs/gear.md). */
export function statPercent(rarity: GearRarity, level: number): number {
  const [base, perLevel] = STAT_TABLE[rarity];
  return Math.round((base + perLevel * (level - 1)) * 100) / 100;
}

/** What a gear made at `level` and fed `currentExp` gives as material: its rarity's value × level + the experience fed. */
export function materialValue(rarity: GearRarity, level: number, currentExp = 0): number {
  return MATERIAL_VALUE[rarity] * level + currentExp;
}

/** The Gear DTO the API should show for a stored gear. */
export function expectedGear(gearId: number, spec: GearSpec): Gear {
  const currentExp = spec.currentExp ?? 0;
  const requiredExp = spec.level >= 20 ? 0 : 100 * spec.level;
  const stats = {
    wheatProduction: 0,
    lumberProduction: 0,
    stoneProduction: 0,
    oreProduction: 0,
    infantryAttackBoost: 0,
    archerAttackBoost: 0,
    cavalryAttackBoost: 0,
  };
  stats[STAT_KEY[spec.type]] = statPercent(spec.rarity, spec.level);
  return {
    gearId,
    type: spec.type,
    category: ['infantry', 'archer', 'cavalry'].includes(spec.type) ? 'commander' : 'mayor',
    rarity: spec.rarity,
    level: spec.level,
    currentExp,
    requiredExp,
    expProgress: requiredExp === 0 ? 100 : Math.floor((currentExp * 100) / requiredExp),
    expValue: spec.expValue ?? materialValue(spec.rarity, spec.level, currentExp),
    isEquipped: spec.equipped ?? false,
    isListed: spec.listed ?? false,
    stats,
  };
}

export const NO_GEAR_SLOTS = {
  infantry: null,
  archer: null,
  cavalry: null,
  wheat: null,
  lumber: null,
  stone: null,
  ore: null,
} satisfies Record<GearType, null>;
