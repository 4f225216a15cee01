import type { AxiosResponse } from 'axios';
import { ApiRoutes } from '@runik/contract';
import type {
  ThroneActionResponse,
  ThroneAttackResponse,
  ThroneParticipantsResponse,
  ThroneRallyCreateResponse,
  ThroneStatusResponse,
  ThroneTroopsResponse,
  ThroneUserResponse,
  ThroneVoteResponse,
} from '@runik/contract';
import type { ThroneSlot, Troops } from '@runik/rules';
import { setArmy } from './attack';
import { CityPlayer, newCityPlayer } from './city';
import { queryDatabase } from './database';
import type { Stack } from './stack';

/** Just the status and body (an axios response is far too big for a failure message). */
export interface Reply<T> {
  status: number;
  data: T & { error?: string };
}

const reply = <T>(call: Promise<AxiosResponse<T>>): Promise<Reply<T>> =>
  call.then(({ status, data }) => ({ status, data: data as Reply<T>['data'] }));

export const troops = (infantry: number, archers = 0, cavalries = 0): Troops => ({ infantry, archers, cavalries });

/** A registered player whose army is set directly (training is the city tests' business). */
export async function newFighter(stack: Stack, army: Partial<Troops>, prefix = 'thr'): Promise<CityPlayer> {
  const player = await newCityPlayer(stack, prefix);
  await setArmy(stack, player, army);
  return player;
}

export interface ThroneAlliance {
  id: number;
  name: string;
  tag: string;
  leader: CityPlayer;
  members: CityPlayer[];
}

let allianceCounter = 0;

/** Puts the players in a new alliance straight in the tables (the first leads it): alliances are not what these tests are about. */
export async function newThroneAlliance(stack: Stack, players: CityPlayer[]): Promise<ThroneAlliance> {
  allianceCounter += 1;
  const tag = `K${allianceCounter.toString(36).toUpperCase().padStart(2, '0')}`;
  const name = `Throne House ${tag}`;
  const [{ id }] = await queryDatabase<{ id: number }>(
    stack.database.url,
    `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at)
     VALUES ($1, $2, 'shield', 'throne test alliance', $3, 10, now()) RETURNING id`,
    [name, tag, players[0].playerId],
  );
  for (const player of players) {
    await queryDatabase(stack.database.url, `INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, now())`, [
      player.playerId,
      id,
    ]);
  }
  return { id: Number(id), name, tag, leader: players[0], members: players };
}

export interface SeededWar {
  id: number;
  /** yyyy-MM-dd */
  warDate: string;
}

/**
 * A new war the day after the latest one stored (2999-01-01 when none is), so it is the war every call
 * and every worker tick works on, whatever the real calendar says. Nothing in it is due yet.
 */
async function insertWar(
  stack: Stack,
  columns: Record<string, string>,
  warDate = `coalesce(latest + 1, DATE '2999-01-01')`,
): Promise<SeededWar> {
  const names = Object.keys(columns);
  // One row whatever the table holds: a fixed date must not depend on whether the worker has stored its war yet.
  const [row] = await queryDatabase<{ id: number; war_date: string }>(
    stack.database.url,
    `INSERT INTO throne_wars (war_date, ${names.join(', ')})
     SELECT ${warDate}, ${names.map((name) => columns[name]).join(', ')} FROM (SELECT max(war_date) AS latest FROM throne_wars) AS stored
     RETURNING id, to_char(war_date, 'YYYY-MM-DD') AS war_date`,
  );
  return { id: Number(row.id), warDate: row.war_date };
}

/** A war whose voting is open for another day. */
export function seedVotingWar(stack: Stack): Promise<SeededWar> {
  return insertWar(stack, {
    status: `'voting'`,
    voting_opens_at: `now() - interval '1 day'`,
    voting_closes_at: `now() + interval '1 day'`,
    battle_ends_at: `now() + interval '3 days'`,
  });
}

/**
 * A war whose voting is open, every moment of it a fixed date rather than one of the real clock's: on a stack whose
 * worker has opened no war past 2998, the same war on every run, so a screenshot of the Throne Wars screen or the
 * City's "What's next" shows the same phase, dates and countdowns whatever the weekday.
 */
export function seedFixedVotingWar(stack: Stack): Promise<SeededWar> {
  return insertWar(
    stack,
    {
      status: `'voting'`,
      voting_opens_at: `TIMESTAMPTZ '2026-01-01 00:00Z'`,
      voting_closes_at: `TIMESTAMPTZ '2999-01-01 00:00Z'`,
      battle_ends_at: `TIMESTAMPTZ '2999-01-02 00:00Z'`,
    },
    `DATE '2999-01-01'`,
  );
}

/**
 * A war whose battle began a minute ago and ends in a day; with an occupier, held for
 * `occupiedForSeconds` (less than full control's 1800, so nothing is due).
 */
export async function seedActiveWar(stack: Stack, occupier?: ThroneAlliance, occupiedForSeconds = 60): Promise<SeededWar> {
  const war = await insertWar(stack, {
    status: `'active'`,
    voting_opens_at: `now() - interval '2 days'`,
    voting_closes_at: `now() - interval '1 day'`,
    start_time: `now() - interval '1 minute'`,
    battle_ends_at: `now() + interval '1 day'`,
  });
  if (occupier) {
    await queryDatabase(
      stack.database.url,
      `UPDATE throne_wars SET occupier_alliance_id = $2, occupied_since = now() - $3::interval WHERE id = $1`,
      [war.id, occupier.id, `${occupiedForSeconds} seconds`],
    );
  }
  return war;
}

/** The war's moments that tests move into the past to make them due. */
type WarMoment = 'voting_closes_at' | 'start_time' | 'occupied_since';

/** Sets one of the war's moments `secondsAgo` seconds before now and returns it as stored. */
export async function moveWarMoment(stack: Stack, war: SeededWar, moment: WarMoment, secondsAgo: number): Promise<Date> {
  const [row] = await queryDatabase<{ at: Date }>(
    stack.database.url,
    `UPDATE throne_wars SET ${moment} = now() - $2::interval WHERE id = $1 RETURNING ${moment} AS at`,
    [war.id, `${secondsAgo} seconds`],
  );
  return row.at;
}

/** Makes a gathering rally due: its launch time a second ago. Returns that time. */
export async function makeRallyDue(stack: Stack, rallyId: number): Promise<Date> {
  const [row] = await queryDatabase<{ launch_at: Date }>(
    stack.database.url,
    `UPDATE throne_rallies SET launch_at = now() - interval '1 second' WHERE id = $1 RETURNING launch_at`,
    [rallyId],
  );
  return row.launch_at;
}

export interface WarRow {
  status: string;
  occupier_alliance_id: number | null;
  occupied_since: Date | null;
  full_control_at: Date | null;
  winner_alliance_id: number | null;
  winner_name: string | null;
  winner_tag: string | null;
  king_name: string | null;
  completed_at: Date | null;
}

export async function warRow(stack: Stack, war: SeededWar): Promise<WarRow> {
  const [row] = await queryDatabase<WarRow>(stack.database.url, `SELECT * FROM throne_wars WHERE id = $1`, [war.id]);
  return row;
}

export async function rallyRow(
  stack: Stack,
  rallyId: number,
): Promise<{ status: string; creator_id: string; launch_at: Date; closed_at: Date | null }> {
  const [row] = await queryDatabase<{ status: string; creator_id: string; launch_at: Date; closed_at: Date | null }>(
    stack.database.url,
    `SELECT * FROM throne_rallies WHERE id = $1`,
    [rallyId],
  );
  return row;
}

export interface StoredThroneBattle {
  id: number;
  kind: 'solo' | 'rally';
  rally_id: number | null;
  attacker_alliance_id: number;
  defender_alliance_id: number | null;
  winner: 'attacker' | 'defender';
  outcome: {
    attackers: { playerId: number; survivors: Troops; dead: Troops; injured: Troops }[];
    defenders: { playerId: number; survivors: Troops; dead: Troops; injured: Troops }[];
  };
  fought_at: Date;
}

export function battlesOfWar(stack: Stack, war: SeededWar): Promise<StoredThroneBattle[]> {
  return queryDatabase<StoredThroneBattle>(stack.database.url, `SELECT * FROM throne_battles WHERE war_id = $1 ORDER BY id`, [war.id]);
}

/** Each player's garrisoned troops, by player id. */
export async function garrisonRows(stack: Stack, war: SeededWar): Promise<Map<number, Troops>> {
  const rows = await queryDatabase<{ player_id: string; infantry: string; archers: string; cavalries: string }>(
    stack.database.url,
    `SELECT * FROM throne_garrison WHERE war_id = $1`,
    [war.id],
  );
  return new Map(rows.map((row) => [Number(row.player_id), troops(Number(row.infantry), Number(row.archers), Number(row.cavalries))]));
}

/** Everything a refused throne call must leave untouched: every city (armies, Sanctum, levels) and every throne table. */
export function throneSnapshot(stack: Stack): Promise<unknown[]> {
  const url = stack.database.url;
  return Promise.all([
    queryDatabase(url, 'SELECT * FROM cities ORDER BY player_id'),
    queryDatabase(url, 'SELECT * FROM throne_wars ORDER BY id'),
    queryDatabase(url, 'SELECT * FROM throne_votes ORDER BY war_id, alliance_id'),
    queryDatabase(url, 'SELECT * FROM throne_garrison ORDER BY war_id, player_id'),
    queryDatabase(url, 'SELECT * FROM throne_rallies ORDER BY id'),
    queryDatabase(url, 'SELECT * FROM throne_rally_troops ORDER BY rally_id, player_id'),
    queryDatabase(url, 'SELECT * FROM throne_battles ORDER BY id'),
    queryDatabase(url, 'SELECT * FROM throne_rewards ORDER BY war_id, player_id'),
  ]);
}

// The calls, as the Throne Wars page makes them.
export const throneStatus = (player: CityPlayer) => reply(player.api.get<ThroneStatusResponse>(ApiRoutes.throneStatus));
export const throneTroops = (player: CityPlayer, username = player.username) =>
  reply(player.api.get<ThroneTroopsResponse>(ApiRoutes.throneTroops(username)));
export const throneUser = (player: CityPlayer, username = player.username) =>
  reply(player.api.get<ThroneUserResponse>(ApiRoutes.throneUser(username)));
export const vote = (player: CityPlayer, timeSlot: ThroneSlot) =>
  reply(player.api.post<ThroneVoteResponse>(ApiRoutes.throneVote, { hiveUsername: player.username, timeSlot }));
export const soloAttack = (player: CityPlayer, sent: Troops) =>
  reply(player.api.post<ThroneAttackResponse>(ApiRoutes.throneSoloAttack, { hiveUsername: player.username, ...sent }));
export const garrison = (player: CityPlayer, sent: Troops) =>
  reply(player.api.post<ThroneActionResponse>(ApiRoutes.throneGarrison, { hiveUsername: player.username, ...sent }));
export const recall = (player: CityPlayer, sent: Troops) =>
  reply(player.api.post<ThroneActionResponse>(ApiRoutes.throneRecall, { hiveUsername: player.username, ...sent }));
export const createRally = (player: CityPlayer, sent: Troops) =>
  reply(player.api.post<ThroneRallyCreateResponse>(ApiRoutes.throneRallyCreate, { hiveUsername: player.username, ...sent }));
export const joinRally = (player: CityPlayer, rallyId: number, sent: Troops) =>
  reply(player.api.post<ThroneActionResponse>(ApiRoutes.throneRallyJoin, { hiveUsername: player.username, rallyId, ...sent }));
export const withdrawFromRally = (player: CityPlayer, rallyId: number) =>
  reply(player.api.post<ThroneActionResponse>(ApiRoutes.throneRallyWithdraw, { hiveUsername: player.username, rallyId }));
export const disbandRally = (player: CityPlayer, rallyId: number) =>
  reply(player.api.post<ThroneActionResponse>(ApiRoutes.throneRallyDisband, { hiveUsername: player.username, rallyId }));
export const rallyDetails = (player: CityPlayer, rallyId: number) =>
  reply(player.api.get<ThroneParticipantsResponse>(ApiRoutes.throneRallyDetails(rallyId)));
export const garrisonDetails = (player: CityPlayer) => reply(player.api.get<ThroneParticipantsResponse>(ApiRoutes.throneGarrisonDetails));

/** The body of a call that must succeed; a failure shows the status and the server's error. */
export async function ok<T>(call: Promise<Reply<T>>): Promise<T> {
  const { status, data } = await call;
  if (status !== 200) throw new Error(`expected 200, got ${status} ${JSON.stringify(data)}`);
  return data;
}
