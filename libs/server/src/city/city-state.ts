import { InferResult, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { EntityManager } from 'typeorm';
import {
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
  troopUpkeepPerHour,
  UNIT_KEYS,
  UnitKey,
} from '@runik/rules';
import type { Army, CityResponse, Resources, TrainingQueue } from '@runik/contract';
import { compiledOnce, db, firstRow, rows } from '../core/database/sql';
import { ASSETS } from '../ledger/ledger.types';
import { decodeBuildingLevels, decodeStoredPending } from '../stored-data/stored-city';

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

/**
 * The whole city in one round trip. To change it, lock it first (`lockCity`) so this read
 * sees every commit that came before the lock, balances included.
 */
export async function loadCity(manager: EntityManager, playerId: number): Promise<CityState | null> {
  return (await loadCities(manager, [playerId])).get(playerId) ?? null;
}

/** Several cities in one round trip, by player id. */
export async function loadCities(manager: EntityManager, playerIds: number[]): Promise<Map<number, CityState>> {
  const cities = await rows(manager, citiesStatementOf(playerIds));
  return new Map(cities.map((row) => [row.player_id, cityStateOf(row)]));
}

/**
 * Takes the city row for the rest of the transaction. A separate statement on purpose: under
 * READ COMMITTED a statement that waited for a lock re-reads only the locked row, so balances
 * read in that same statement could predate the commit it waited for.
 */
export async function lockCity(manager: EntityManager, playerId: number): Promise<boolean> {
  return (await firstRow(manager, lockStatement(playerId))) !== undefined;
}
const lockStatement = compiledOnce((playerId: number) =>
  db
    .selectFrom('cities')
    .select(sql<1>`1`.as('one'))
    .where('player_id', '=', playerId)
    .forUpdate(),
);

/** City rows with their players' activation, balances, training batches and equipped gear (JSON built in the query). */
function citiesQuery() {
  return db
    .selectFrom('cities as c')
    .innerJoin('players as p', 'p.id', 'c.player_id')
    .selectAll('c')
    .select((eb) => [
      'p.activation',
      sql<Partial<Record<string, number>>>`(SELECT coalesce(json_object_agg(b.asset, b.amount), '{}') FROM balances b
        JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = c.player_id)`.as('balances'),
      jsonArrayFrom(
        eb
          .selectFrom('training_queue as q')
          .select(['q.building', 'q.count', 'q.completes_at as completesAt'])
          .whereRef('q.player_id', '=', 'c.player_id'),
      ).as('queue'),
      jsonArrayFrom(
        eb
          .selectFrom('gears as g')
          .select(['g.type', 'g.rarity', 'g.level'])
          .whereRef('g.owner_id', '=', 'c.player_id')
          // Written into the SQL, not a parameter: the plan made once uses the equipped gear's partial index.
          .where('g.equipped', '=', sql.lit(true)),
      ).as('equipped'),
    ]);
}
/** A row of the city read, as loadCity's and loadCities' statements return it. */
export type CityRow = InferResult<ReturnType<typeof citiesQuery>>[number];
/**
 * The city read is the game's hottest statement: compiled once. One city by `=` and two (a raid's) by `IN`, not
 * `= ANY`: PostgreSQL plans a prepared statement once only when that plan costs no more than one for the call's
 * values, and for an array of unknown length it costs ten cities, so reads of one or two cities would be planned again
 * at every call.
 */
function citiesStatementOf(playerIds: number[]) {
  if (playerIds.length === 1) return cityStatement(playerIds[0]);
  if (playerIds.length === 2) return twoCitiesStatement(playerIds[0], playerIds[1]);
  return citiesStatement(playerIds);
}
const cityStatement = compiledOnce((playerId: number) => citiesQuery().where('c.player_id', '=', playerId));
const twoCitiesStatement = compiledOnce((first: number, second: number) => citiesQuery().where('c.player_id', 'in', [first, second]));
const citiesStatement = compiledOnce((playerIds: number[]) =>
  citiesQuery().where('c.player_id', '=', (eb) => eb.fn.any(eb.val(playerIds))),
);

export function cityStateOf(row: CityRow): CityState {
  return {
    playerId: row.player_id,
    chLevel: row.ch_level,
    levels: decodeBuildingLevels(row.building_levels),
    storedPending: decodeStoredPending(row.stored_pending),
    productionAnchorAt: row.production_anchor_at,
    lastHarvestAt: row.last_harvest_at,
    army: { infantry: row.infantry, archers: row.archers, cavalries: row.cavalries },
    injured: { infantry: row.injured_infantry, archers: row.injured_archers, cavalries: row.injured_cavalries },
    balances: recordOf(ASSETS, (asset) => row.balances[asset] ?? 0),
    queue: row.queue.map((batch) => ({ building: batch.building, count: batch.count, completesAt: new Date(batch.completesAt) })),
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
  await rows(
    manager,
    db
      .updateTable('cities')
      .set({ stored_pending: JSON.stringify(pendingOf(state, now)), production_anchor_at: now })
      .where('player_id', '=', state.playerId),
  );
}

/** Training completes lazily: finished batches count as army, unfinished ones stay queued. */
export function withFinishedTraining(state: CityState, now: Date): { state: CityState; finished: QueuedBatch[] } {
  const finished = state.queue.filter((batch) => batch.completesAt <= now);
  if (finished.length === 0) return { state, finished };
  const army = { ...state.army };
  for (const batch of finished) army[unitOf(batch.building)] += batch.count;
  return { state: { ...state, army, queue: state.queue.filter((batch) => batch.completesAt > now) }, finished };
}

/** A finished batch joins the army: its queue row goes, its troops are added. */
export async function enlist(manager: EntityManager, playerId: number, batch: Pick<QueuedBatch, 'building' | 'count'>): Promise<void> {
  await rows(manager, db.deleteFrom('training_queue').where('player_id', '=', playerId).where('building', '=', batch.building));
  const unit = unitOf(batch.building);
  await rows(
    manager,
    db
      .updateTable('cities')
      .set(unit, (eb) => eb(unit, '+', batch.count))
      .where('player_id', '=', playerId),
  );
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
  const [infantry, archers, cavalries] = lost;
  await rows(
    manager,
    db
      .updateTable('cities')
      .set((eb) => ({
        infantry: eb('infantry', '-', infantry),
        archers: eb('archers', '-', archers),
        cavalries: eb('cavalries', '-', cavalries),
        injured_infantry: eb('injured_infantry', '+', injured.infantry),
        injured_archers: eb('injured_archers', '+', injured.archers),
        injured_cavalries: eb('injured_cavalries', '+', injured.cavalries),
      }))
      .where('player_id', '=', playerId),
  );
}
