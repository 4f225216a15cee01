import { ApiRoutes } from '@runik/contract';
import type { AllianceChatUnreadResponse, AllianceView, MyAllianceResponse } from '@runik/contract';
import { ALLIANCE_CREATION_FEE } from '@runik/rules';
import { apiClient, registerFree } from './api-client';
import { CityPlayer, grant } from './city';
import { queryDatabase } from './database';
import { uniqueUsername } from './hive';
import type { Stack } from './stack';

export interface TestAlliance {
  id: number;
  name: string;
  tag: string;
}

/** The creation fee in thousandths, as grant() and the ledger count it. */
export const CREATION_FEE_THOUSANDTHS = ALLIANCE_CREATION_FEE * 1000;

/**
 * Tag characters no two of which look alike to the server (its look-alike key folds 0/O, 1/I/L, 5/S, and
 * reads VV as W and RN as M): neither of those, nor Q, which starts uniqueAllianceIdentity's tags only.
 */
const TAG_DIGITS = 'ABCDEFGHJKPTUXYZ2346789';
/** `value` in TAG_DIGITS, `length` characters (the first being the highest). */
function tagDigits(value: number, length: number): string {
  let digits = '';
  for (let rest = value, left = length; left > 0; left -= 1, rest = Math.floor(rest / TAG_DIGITS.length))
    digits = TAG_DIGITS[rest % TAG_DIGITS.length] + digits;
  return digits;
}

let allianceCounter = 0;
/** A name and a tag no other alliance of this test file's database uses, nor looks like (Q and 23^2 tags: a file never creates that many alliances). */
export function uniqueAllianceIdentity(): { name: string; tag: string } {
  allianceCounter += 1;
  const tag = `Q${tagDigits(allianceCounter, 2)}`;
  return { name: `Order of ${tag} ${allianceCounter}`, tag };
}

/**
 * An alliance id, name and tag that no alliance of the stack's database has or will have: a fresh value of the
 * alliances' id sequence, so files sharing a stack never meet (uniqueAllianceIdentity counts per file; its tags
 * start with Q, these never do). The id is free for an alliance inserted straight in the table; one created through the
 * API takes the next.
 */
export async function reservedAllianceIdentity(stack: Stack): Promise<{ id: number; name: string; tag: string }> {
  const [{ id }] = await queryDatabase<{ id: string }>(
    stack.database.url,
    `SELECT nextval(pg_get_serial_sequence('alliances', 'id')) AS id`,
  );
  const tag = tagDigits(Number(id), 3);
  return { id: Number(id), name: `Order of ${tag}`, tag };
}

/** A valid create body for `player`. */
export function createBody(player: CityPlayer, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hiveUsername: player.username,
    ...uniqueAllianceIdentity(),
    icon: 'dragon',
    description: 'We hold the northern pass.',
    ...overrides,
  };
}

/** Grants the creation fee and creates an alliance led by `leader` through the API. */
export async function newAlliance(stack: Stack, leader: CityPlayer, overrides: Record<string, unknown> = {}): Promise<TestAlliance> {
  await grant(stack, leader, 'runik', CREATION_FEE_THOUSANDTHS);
  const body = createBody(leader, overrides);
  const response = await leader.api.post(ApiRoutes.allianceCreate, body);
  if (response.status !== 200) throw new Error(`alliance of ${leader.username}: ${response.status} ${JSON.stringify(response.data)}`);
  const [row] = await queryDatabase<{ id: number; name: string; tag: string }>(
    stack.database.url,
    `SELECT a.id, a.name, a.tag FROM alliances a JOIN alliance_members m ON m.alliance_id = a.id WHERE m.player_id = $1`,
    [leader.playerId],
  );
  return { id: Number(row.id), name: row.name, tag: row.tag };
}

/** A player registered with `referrer` as their referrer (a prefix of at most 4 letters keeps uniqueUsername unique). */
export async function newReferredPlayer(stack: Stack, referrer: CityPlayer, prefix = 'ref'): Promise<CityPlayer> {
  const username = uniqueUsername(prefix);
  const { token } = await registerFree(apiClient(stack.apiUrl), username, referrer.username);
  const [{ id }] = await queryDatabase<{ id: string }>(stack.database.url, 'SELECT id FROM players WHERE hive_username = $1', [username]);
  return { username, playerId: Number(id), api: apiClient(stack.apiUrl, token) };
}

/** The leader lets the members create invitations (only the leader may by default); throws unless it succeeds. */
export async function allowMembersToInvite(leader: CityPlayer, alliance: TestAlliance): Promise<void> {
  const response = await leader.api.post(ApiRoutes.allianceInvitationSettings, {
    hiveUsername: leader.username,
    allianceId: alliance.id,
    membersMayInvite: true,
  });
  if (response.status !== 200)
    throw new Error(`invitation settings by ${leader.username}: ${response.status} ${JSON.stringify(response.data)}`);
}

/** An invitation link's token, issued by `member` of the alliance; throws unless it succeeds. */
export async function invitationFrom(member: CityPlayer, alliance: TestAlliance): Promise<string> {
  const response = await member.api.post(ApiRoutes.allianceInvite, { hiveUsername: member.username, allianceId: alliance.id });
  if (response.status !== 200) throw new Error(`invitation by ${member.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data.token;
}

/** Sends a join request; throws unless it succeeds. */
export async function requestToJoin(player: CityPlayer, alliance: TestAlliance): Promise<{ autoAccepted: boolean }> {
  const response = await player.api.post(ApiRoutes.allianceJoin, { hiveUsername: player.username, allianceId: alliance.id });
  if (response.status !== 200) throw new Error(`join of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** Puts `members` into the alliance the way the game does: a request each, accepted by the leader. */
export async function addMembers(leader: CityPlayer, alliance: TestAlliance, members: CityPlayer[]): Promise<void> {
  for (const member of members) {
    await requestToJoin(member, alliance);
    const response = await leader.api.post(ApiRoutes.allianceAccept, {
      leaderUsername: leader.username,
      targetUsername: member.username,
      allianceId: alliance.id,
    });
    if (response.status !== 200) throw new Error(`accept of ${member.username}: ${response.status} ${JSON.stringify(response.data)}`);
  }
}

export async function myAlliance(player: CityPlayer): Promise<AllianceView | null> {
  const response = await player.api.get<MyAllianceResponse>(ApiRoutes.allianceMy(player.username));
  if (response.status !== 200) throw new Error(`alliance of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data.alliance;
}

/** Capacity set directly, to reach the top without paying every step. */
export async function setMaxMembers(stack: Stack, alliance: TestAlliance, maxMembers: number): Promise<void> {
  await queryDatabase(stack.database.url, 'UPDATE alliances SET max_members = $2 WHERE id = $1', [alliance.id, maxMembers]);
}

/** A player's RUNIK in thousandths, read from the ledger's balances. */
export async function runikOf(stack: Stack, player: CityPlayer): Promise<number> {
  const rows = await queryDatabase<{ amount: string }>(
    stack.database.url,
    `SELECT b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = $1 AND b.asset = 'runik'`,
    [player.playerId],
  );
  return rows.length ? Number(rows[0].amount) : 0;
}

/** A system account's balance of an asset in thousandths. */
export async function systemBalance(stack: Stack, code: string, asset = 'runik'): Promise<number> {
  const rows = await queryDatabase<{ amount: string }>(
    stack.database.url,
    `SELECT b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.code = $1 AND b.asset = $2`,
    [code, asset],
  );
  return rows.length ? Number(rows[0].amount) : 0;
}

/** The ledger postings of one reason on a player's account (one posting is one charge). */
export async function postingsOf(
  stack: Stack,
  player: CityPlayer,
  reason: string,
): Promise<{ posting_id: string; delta: number; reference: string }[]> {
  const rows = await queryDatabase<{ posting_id: string; delta: string | number; reference: string }>(
    stack.database.url,
    `SELECT e.posting_id, e.delta, e.reference FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.player_id = $1 AND e.reason = $2 ORDER BY e.id`,
    [player.playerId, reason],
  );
  return rows.map((row) => ({ ...row, delta: Number(row.delta) }));
}

/** Everything a refused alliance call must leave untouched: the alliance tables and every balance. */
export async function allianceSnapshot(stack: Stack): Promise<unknown[]> {
  const url = stack.database.url;
  return Promise.all([
    queryDatabase(url, 'SELECT * FROM alliances ORDER BY id'),
    queryDatabase(url, 'SELECT * FROM alliance_members ORDER BY player_id'),
    queryDatabase(url, 'SELECT * FROM alliance_requests ORDER BY alliance_id, player_id'),
    queryDatabase(url, 'SELECT * FROM alliance_invitations ORDER BY token_hash'),
    queryDatabase(url, 'SELECT account_id, asset, amount FROM balances ORDER BY account_id, asset'),
    queryDatabase(url, 'SELECT count(*) FROM ledger_entries'),
  ]);
}

/** The sum over all accounts of every asset: only deposits and withdrawals may move it, so 0 here. */
export async function assetTotals(stack: Stack): Promise<{ asset: string; total: number }[]> {
  const rows = await queryDatabase<{ asset: string; total: string }>(
    stack.database.url,
    'SELECT asset, sum(amount) AS total FROM balances GROUP BY asset ORDER BY asset',
  );
  return rows.map(({ asset, total }) => ({ asset, total: Number(total) }));
}

/** The alliance chat's unread count the server gives the player (what the chat button shows). */
export async function chatUnreadCount(player: CityPlayer): Promise<number> {
  return (await player.api.get<AllianceChatUnreadResponse>(ApiRoutes.allianceChatUnread(player.username))).data.unreadCount;
}
