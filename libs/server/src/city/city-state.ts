import { EntityManager } from 'typeorm';
import {
  BUILDING_KEYS,
  BuildingKey,
  fromThousandths,
  HARVEST_INTERVAL_MS,
  MILITARY_BUILDINGS,
  MilitaryBuildingKey,
  pendingResources,
  productionStats,
  recordOf,
  RESOURCE_KEYS,
  ResourceAmounts,
  ChargeState,
  CommanderBonuses,
  commanderGearBonuses,
  EquippedGear,
  mayorGearBonuses,
  ResourceKey,
  STARTING_BUILDING_LEVEL,
  troopUpkeepPerHour,
  UNIT_KEYS,
  UnitKey,
} from '@runik/rules';
import type { Army, CityResponse, Resources, TrainingQueue } from '@runik/contract';
import { ASSETS } from '../ledger/ledger.types';

export interface QueuedBatch {
  building: MilitaryBuildingKey;
  count: number;
  completesAt: Date;
}

/** A city as stored, with its balances (thousandths) and training batches. */
export interface CityState {
  playerId: number;
  chLevel: number;
  levels: Record<BuildingKey, number>;
  storedPending: Partial<ResourceAmounts>;
  productionAnchorAt: Date;
  lastHarvestAt: Date | null;
  army: Army;
  injured: Army;
  balances: Resources;
  queue: QueuedBatch[];
  canWithdraw: boolean;
  attackCharges: ChargeState;
  /** Gear in the city's slots (one per type at most). */
  equipped: EquippedGear[];
}

interface CityRow {
  player_id: string | number;
  ch_level: number;
  building_levels: Partial<Record<BuildingKey, number>>;
  stored_pending: Partial<ResourceAmounts>;
  production_anchor_at: Date;
  last_harvest_at: Date | null;
  infantry: number;
  archers: number;
  cavalries: number;
  injured_infantry: number;
  injured_archers: number;
  injured_cavalries: number;
  attack_charges: number;
  attack_charges_at: Date;
  activation: string;
  balances: Partial<Resources>;
  equipped: EquippedGear[];
  queue: { building: MilitaryBuildingKey; count: number; completesAt: string }[];
}

/**
 * The whole city in one round trip. To change it, lock it first (`lockCity`) so this read
 * sees every commit that came before the lock, balances included.
 */
export async function loadCity(manager: EntityManager, playerId: number): Promise<CityState | null> {
  return (await loadCities(manager, [playerId])).get(playerId) ?? null;
}

/** Several cities in one round trip, by player id. */
export async function loadCities(manager: EntityManager, playerIds: number[]): Promise<Map<number, CityState>> {
  const rows: CityRow[] = await manager.query(
    `SELECT c.*, p.activation,
       (SELECT coalesce(json_object_agg(b.asset, b.amount), '{}') FROM balances b
          JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = c.player_id) AS balances,
       (SELECT coalesce(json_agg(json_build_object('building', q.building, 'count', q.count, 'completesAt', q.completes_at)), '[]')
          FROM training_queue q WHERE q.player_id = c.player_id) AS queue,
       (SELECT coalesce(json_agg(json_build_object('type', g.type, 'rarity', g.rarity, 'level', g.level)), '[]')
          FROM gears g WHERE g.owner_id = c.player_id AND g.equipped) AS equipped
     FROM cities c JOIN players p ON p.id = c.player_id
     WHERE c.player_id = ANY($1)`,
    [playerIds],
  );
  return new Map(rows.map((row) => [Number(row.player_id), toState(row)]));
}

/**
 * Takes the city row for the rest of the transaction. A separate statement on purpose: under
 * READ COMMITTED a statement that waited for a lock re-reads only the locked row, so balances
 * read in that same statement could predate the commit it waited for.
 */
export async function lockCity(manager: EntityManager, playerId: number): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM cities WHERE player_id = $1 FOR UPDATE`, [playerId]);
  return rows.length > 0;
}

function toState(row: CityRow): CityState {
  return {
    playerId: Number(row.player_id),
    chLevel: row.ch_level,
    levels: recordOf(BUILDING_KEYS, (key) => row.building_levels[key] ?? STARTING_BUILDING_LEVEL),
    storedPending: row.stored_pending,
    productionAnchorAt: row.production_anchor_at,
    lastHarvestAt: row.last_harvest_at,
    army: { infantry: Number(row.infantry), archers: Number(row.archers), cavalries: Number(row.cavalries) },
    injured: { infantry: Number(row.injured_infantry), archers: Number(row.injured_archers), cavalries: Number(row.injured_cavalries) },
    balances: recordOf(ASSETS, (asset) => Number(row.balances[asset] ?? 0)),
    queue: row.queue.map((batch) => ({ building: batch.building, count: Number(batch.count), completesAt: new Date(batch.completesAt) })),
    canWithdraw: row.activation === 'paid',
    attackCharges: { charges: row.attack_charges, anchorMs: row.attack_charges_at.getTime() },
    equipped: row.equipped,
  };
}

/** Percent production bonus per resource from equipped mayor gear. */
export function gearBonuses(state: CityState): Record<ResourceKey, number> {
  return mayorGearBonuses(state.equipped);
}

/** Percent attack boost per troop type from equipped commander gear. */
export function commanderBonuses(state: CityState): CommanderBonuses {
  return commanderGearBonuses(state.equipped);
}

/**
 * Banks production at the current rates (stored pending as of now, counted from now): call before
 * anything that changes a rate (levels, mayor gear), so what was produced so far keeps its old rate.
 */
export async function bankProduction(manager: EntityManager, state: CityState, now: Date): Promise<void> {
  await manager.query(`UPDATE cities SET stored_pending = $2, production_anchor_at = $3 WHERE player_id = $1`, [
    state.playerId,
    JSON.stringify(pendingOf(state, now)),
    now,
  ]);
}

/** Training completes lazily: finished batches count as army, unfinished ones stay queued. */
export function withFinishedTraining(state: CityState, now: Date): { state: CityState; finished: QueuedBatch[] } {
  const finished = state.queue.filter((batch) => batch.completesAt <= now);
  if (finished.length === 0) return { state, finished };
  const army = { ...state.army };
  for (const batch of finished) army[unitOf(batch.building)] += batch.count;
  return { state: { ...state, army, queue: state.queue.filter((batch) => batch.completesAt > now) }, finished };
}

export function unitOf(building: MilitaryBuildingKey): UnitKey {
  return MILITARY_BUILDINGS.find((candidate) => candidate.key === building)!.unitKey;
}

export function pendingOf(state: CityState, now: Date): ResourceAmounts {
  return pendingResources(
    {
      chLevel: state.chLevel,
      levels: state.levels,
      gearBonuses: gearBonuses(state),
      army: state.army,
      storedPending: state.storedPending,
      anchorMs: state.productionAnchorAt.getTime(),
    },
    now.getTime(),
  );
}

export function nextHarvestTime(state: CityState): Date | null {
  return state.lastHarvestAt ? new Date(state.lastHarvestAt.getTime() + HARVEST_INTERVAL_MS) : null;
}

/** Resources and RUNIK as the responses show them. */
export function resourcesDto(balances: Resources): Resources {
  return { ...resourceAmountsDto(balances), runik: fromThousandths(balances.runik) };
}

/** Every resource as the responses show it. */
export function resourceAmountsDto(amounts: ResourceAmounts): Record<ResourceKey, number> {
  return recordOf(RESOURCE_KEYS, (resource) => fromThousandths(amounts[resource]));
}

export function amountsDto<K extends string>(amounts: Partial<Record<K, number>>): Partial<Record<K, number>> {
  const dto: Partial<Record<K, number>> = {};
  for (const [key, value] of Object.entries(amounts) as [K, number][]) dto[key] = fromThousandths(value);
  return dto;
}

export function queueDto(queue: QueuedBatch[]): TrainingQueue {
  const dto: TrainingQueue = {};
  for (const batch of queue) dto[batch.building] = { completionTime: batch.completesAt.toISOString(), count: batch.count };
  return dto;
}

export function cityDto(stored: CityState, now: Date): CityResponse {
  const { state } = withFinishedTraining(stored, now);
  return {
    chLevel: state.chLevel,
    levels: state.levels,
    resources: resourcesDto(state.balances),
    army: state.army,
    sanctum: { injured: state.injured },
    pendingResources: resourceAmountsDto(pendingOf(state, now)),
    nextHarvestTime: nextHarvestTime(state)?.toISOString() ?? null,
    trainingQueue: queueDto(state.queue),
    gearBonuses: productionStats(gearBonuses(state)),
    canWithdraw: state.canWithdraw,
    troopUpkeepPerHour: fromThousandths(troopUpkeepPerHour(state.army)),
  };
}

/** Troops lost in a fight: the dead leave the army, the injured move to the Sanctum. */
export async function applyLosses(
  manager: EntityManager,
  playerId: number,
  { dead, injured }: { dead: Army; injured: Army },
): Promise<void> {
  const lost = UNIT_KEYS.map((unit) => dead[unit] + injured[unit]);
  if (lost.every((count) => count === 0)) return;
  await manager.query(
    `UPDATE cities SET infantry = infantry - $2, archers = archers - $3, cavalries = cavalries - $4,
       injured_infantry = injured_infantry + $5, injured_archers = injured_archers + $6, injured_cavalries = injured_cavalries + $7
     WHERE player_id = $1`,
    [playerId, ...lost, injured.infantry, injured.archers, injured.cavalries],
  );
}
