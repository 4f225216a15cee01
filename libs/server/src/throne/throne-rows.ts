import { EntityManager } from 'typeorm';
import { currentOrNextWar, noTroops, ThroneStatus, Troops, UNIT_KEYS } from '@runik/rules';
import { ThroneMessages } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';

/** A war as stored; dates as Date, the war day as yyyy-MM-dd. */
export interface WarRow {
  id: number;
  war_date: string;
  status: ThroneStatus;
  voting_opens_at: Date;
  voting_closes_at: Date;
  battle_ends_at: Date;
  start_time: Date | null;
  occupier_alliance_id: number | null;
  occupied_since: Date | null;
  full_control_at: Date | null;
  winner_alliance_id: number | null;
  winner_name: string | null;
  winner_tag: string | null;
  king_name: string | null;
  completed_at: Date | null;
}

export interface RallyRow {
  id: number;
  war_id: number;
  alliance_id: number | null;
  alliance_name: string;
  creator_id: string;
  status: 'gathering' | 'marched' | 'disbanded' | 'returned';
  launch_at: Date;
}

/** A player's troops held by the throne (garrison) or a rally. */
export interface HeldTroops {
  playerId: number;
  troops: Troops;
}

const WAR_COLUMNS = `*, to_char(war_date, 'YYYY-MM-DD') AS war_date`;

/** The latest war whose voting has opened (every throne call is about that one). */
export async function latestWar(manager: EntityManager, lock = false): Promise<WarRow | null> {
  const [row] = await manager.query(
    `SELECT ${WAR_COLUMNS} FROM throne_wars ORDER BY throne_wars.war_date DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
  );
  return row ?? null;
}

/** Records the calendar's war once its voting has opened and returns it, if this call did (a second caller changes nothing). */
export async function openDueWar(manager: EntityManager, now: Date): Promise<WarRow | null> {
  const war = currentOrNextWar(now.getTime());
  if (now < war.votingOpensAt) return null;
  const [opened]: WarRow[] = await manager.query(
    `INSERT INTO throne_wars (war_date, status, voting_opens_at, voting_closes_at, battle_ends_at) VALUES ($1, 'voting', $2, $3, $4)
     ON CONFLICT (war_date) DO NOTHING RETURNING ${WAR_COLUMNS}`,
    [war.warDate, war.votingOpensAt, war.votingClosesAt, war.battleEndsAt],
  );
  return opened ?? null;
}

export async function updateWar(manager: EntityManager, war: WarRow, changes: Partial<WarRow>): Promise<void> {
  const entries = Object.entries(changes);
  await manager.query(`UPDATE throne_wars SET ${entries.map(([column], index) => `${column} = $${index + 2}`).join(', ')} WHERE id = $1`, [
    war.id,
    ...entries.map(([, value]) => value),
  ]);
  Object.assign(war, changes);
}

/** The alliance a player belongs to, held (FOR SHARE) until the action commits. */
export async function membershipOf(manager: EntityManager, playerId: number): Promise<{ allianceId: number; isLeader: boolean } | null> {
  const [row] = await manager.query(
    `SELECT m.alliance_id, a.leader_id FROM alliance_members m JOIN alliances a ON a.id = m.alliance_id WHERE m.player_id = $1 FOR SHARE OF m`,
    [playerId],
  );
  return row ? { allianceId: Number(row.alliance_id), isLeader: Number(row.leader_id) === playerId } : null;
}

/** The members of an alliance (none of one disbanded). */
export async function memberIdsOf(manager: EntityManager, allianceId: number | null): Promise<number[]> {
  if (allianceId === null) return [];
  const rows: { player_id: string }[] = await manager.query(`SELECT player_id FROM alliance_members WHERE alliance_id = $1`, [allianceId]);
  return rows.map((row) => Number(row.player_id));
}

/** Every player in an alliance: only they can vote for the battle's time or fight in it, so they are who hears of the war's phases. */
export async function warParticipantIds(manager: EntityManager): Promise<number[]> {
  const rows: { player_id: string }[] = await manager.query(`SELECT player_id FROM alliance_members`);
  return rows.map((row) => Number(row.player_id));
}

export async function garrisonOf(manager: EntityManager, warId: number): Promise<HeldTroops[]> {
  return heldRows(await manager.query(`SELECT * FROM throne_garrison WHERE war_id = $1 ORDER BY player_id`, [warId]));
}

export async function rallyTroopsOf(manager: EntityManager, rallyId: number): Promise<HeldTroops[]> {
  return heldRows(await manager.query(`SELECT * FROM throne_rally_troops WHERE rally_id = $1 ORDER BY joined_at, player_id`, [rallyId]));
}

function heldRows(rows: { player_id: string; infantry: string; archers: string; cavalries: string }[]): HeldTroops[] {
  return rows.map((row) => ({
    playerId: Number(row.player_id),
    troops: { infantry: Number(row.infantry), archers: Number(row.archers), cavalries: Number(row.cavalries) },
  }));
}

export async function findRally(manager: EntityManager, rallyId: number): Promise<RallyRow> {
  const [rally] = await manager.query(`SELECT * FROM throne_rallies WHERE id = $1`, [rallyId]);
  if (!rally) throw ApiError.notFound(ThroneMessages.rallyNotFound);
  return rally;
}

/** Adds troops to a player's garrison entry (creating it). */
export async function addToGarrison(manager: EntityManager, warId: number, { playerId, troops }: HeldTroops): Promise<void> {
  await manager.query(
    `INSERT INTO throne_garrison (war_id, player_id, infantry, archers, cavalries) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (war_id, player_id) DO UPDATE SET infantry = throne_garrison.infantry + $3, archers = throne_garrison.archers + $4,
       cavalries = throne_garrison.cavalries + $5`,
    [warId, playerId, troops.infantry, troops.archers, troops.cavalries],
  );
}

/** Sets a garrison entry to what is left of it, dropping it when nothing is. */
export async function setGarrison(manager: EntityManager, warId: number, { playerId, troops }: HeldTroops): Promise<void> {
  if (UNIT_KEYS.every((unit) => troops[unit] === 0)) {
    await manager.query(`DELETE FROM throne_garrison WHERE war_id = $1 AND player_id = $2`, [warId, playerId]);
    return;
  }
  await manager.query(`UPDATE throne_garrison SET infantry = $3, archers = $4, cavalries = $5 WHERE war_id = $1 AND player_id = $2`, [
    warId,
    playerId,
    troops.infantry,
    troops.archers,
    troops.cavalries,
  ]);
}

/** Moves troops between a city's army and the throne: sign -1 takes them out, +1 brings them home. */
export async function moveArmy(manager: EntityManager, { playerId, troops }: HeldTroops, sign: 1 | -1): Promise<void> {
  await manager.query(
    `UPDATE cities SET infantry = infantry + $2, archers = archers + $3, cavalries = cavalries + $4 WHERE player_id = $1`,
    [playerId, sign * troops.infantry, sign * troops.archers, sign * troops.cavalries],
  );
}

/** Troops injured on the throne go to their owner's Sanctum. */
export async function sendToSanctum(manager: EntityManager, { playerId, troops }: HeldTroops): Promise<void> {
  if (UNIT_KEYS.every((unit) => troops[unit] === 0)) return;
  await manager.query(
    `UPDATE cities SET injured_infantry = injured_infantry + $2, injured_archers = injured_archers + $3, injured_cavalries = injured_cavalries + $4
     WHERE player_id = $1`,
    [playerId, troops.infantry, troops.archers, troops.cavalries],
  );
}

export function sumTroops(entries: readonly HeldTroops[]): Troops {
  const total = noTroops();
  for (const { troops } of entries) for (const unit of UNIT_KEYS) total[unit] += troops[unit];
  return total;
}

/** 400 with the first troop type the holder does not have enough of. */
export function assertCovers(held: Troops, chosen: Troops, message: (unit: string, chosen: number, held: number) => string): void {
  for (const unit of UNIT_KEYS) if (chosen[unit] > held[unit]) throw ApiError.badRequest(message(unit, chosen[unit], held[unit]));
}
