import type { ArmyStatsResponse, AttackResponse, BattleLogsResponse, BattleVerdict, EnemiesResponse } from '@runik/contract';
import { ApiRoutes } from '@runik/contract';
import type { BattleInput, BattleOutcome, ResourceAmounts, Troops } from '@runik/rules';
import { defenderHomePower, fromThousandths, noResources, RAIDS, sidePower } from '@runik/rules';
import type { Locator, Page } from 'playwright-core';
import { reservedAllianceIdentity } from './alliance';
import { CityPlayer, letTimePass, newCityPlayer, setCityHallLevel } from './city';
import { queryDatabase } from './database';
import type { Stack } from './stack';

/**
 * A City Hall level above every city's so far. The enemy list from a level (minLevel) shows every city at or above
 * it: a test that puts its players from here up sees only them there, whatever other tests (this file's, or other
 * files' on a shared stack) made.
 */
export async function levelAboveEveryCity(stack: Stack): Promise<number> {
  const [{ top }] = await queryDatabase<{ top: number | null }>(stack.database.url, 'SELECT max(ch_level) AS top FROM cities');
  return (top ?? 0) + 100;
}

/** Troops are trained elsewhere (city tests); attack tests set the army directly. */
export async function setArmy(stack: Stack, player: CityPlayer, troops: Partial<Troops>): Promise<void> {
  await queryDatabase(stack.database.url, `UPDATE cities SET infantry = $2, archers = $3, cavalries = $4 WHERE player_id = $1`, [
    player.playerId,
    troops.infantry ?? 0,
    troops.archers ?? 0,
    troops.cavalries ?? 0,
  ]);
}

/** Stored attack charges, counted from an anchor `anchorAgoMs` in the past (regeneration is lazy from there). */
export async function setCharges(stack: Stack, player: CityPlayer, charges: number, anchorAgoMs = 0): Promise<void> {
  await queryDatabase(
    stack.database.url,
    `UPDATE cities SET attack_charges = $2, attack_charges_at = now() - $3::interval WHERE player_id = $1`,
    [player.playerId, charges, `${anchorAgoMs} milliseconds`],
  );
}

/**
 * Moves the players' registration back past the newcomer shield (RAIDS.newcomerShieldMs), as if
 * they had played for two days: how attack tests opt out of the shield.
 */
export async function pastNewcomerShield(stack: Stack, ...players: CityPlayer[]): Promise<void> {
  await queryDatabase(stack.database.url, `UPDATE players SET created_at = created_at - $2::interval WHERE id = ANY($1)`, [
    players.map((player) => player.playerId),
    `${RAIDS.newcomerShieldMs} milliseconds`,
  ]);
}

/** A free player whose newcomer shield is over: a city others may raid. */
export async function newRaidablePlayer(stack: Stack, prefix?: string): Promise<CityPlayer> {
  const player = await newCityPlayer(stack, prefix);
  await pastNewcomerShield(stack, player);
  return player;
}

/**
 * A raid the attacker cannot lose: a new player with 300 infantry (3,000 power) and a raidable one at City Hall
 * `level` with 50 (500 × 1.10 at home: no luck turns it) and three hours of production waiting to be looted.
 */
export async function newCertainRaid(
  stack: Stack,
  level: number,
  prefixes: [string, string],
): Promise<{ attacker: CityPlayer; defender: CityPlayer }> {
  const attacker = await newCityPlayer(stack, prefixes[0]);
  const defender = await newRaidablePlayer(stack, prefixes[1]);
  await setCityHallLevel(stack, defender, level);
  await setArmy(stack, attacker, { infantry: 300 });
  await setArmy(stack, defender, { infantry: 50 });
  await letTimePass(stack, defender, 3 * 3_600_000);
  return { attacker, defender };
}

/**
 * Puts the players in one new alliance (the first leads it), straight in the tables, so these
 * tests do not depend on the alliance endpoints. Returns the alliance's tag.
 */
export async function joinSameAlliance(stack: Stack, players: CityPlayer[]): Promise<string> {
  // Reserved in the database: files sharing a stack play in one game, where names and tags are unique.
  const { id, name, tag } = await reservedAllianceIdentity(stack);
  await queryDatabase(
    stack.database.url,
    `INSERT INTO alliances (id, name, tag, icon, description, leader_id, max_members, created_at)
     VALUES ($1, $2, $3, 'shield', 'attack test alliance', $4, 10, now())`,
    [id, name, tag, players[0].playerId],
  );
  for (const player of players) {
    await queryDatabase(stack.database.url, `INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, now())`, [
      player.playerId,
      id,
    ]);
  }
  return tag;
}

export interface BattleRow {
  id: number;
  attackerId: number;
  defenderId: number;
  seed: number;
  input: BattleInput;
  outcome: BattleOutcome;
  foughtAt: Date;
}

/** Battles as stored, oldest first (by id: the order they took the cities' locks). */
export async function battlesOf(stack: Stack, where: { attacker?: CityPlayer; defender?: CityPlayer }): Promise<BattleRow[]> {
  const rows = await queryDatabase<{
    id: string;
    attacker_id: string;
    defender_id: string;
    seed: string;
    input: BattleInput;
    outcome: BattleOutcome;
    fought_at: Date;
  }>(
    stack.database.url,
    `SELECT * FROM battles WHERE ($1::bigint IS NULL OR attacker_id = $1) AND ($2::bigint IS NULL OR defender_id = $2) ORDER BY id`,
    [where.attacker?.playerId ?? null, where.defender?.playerId ?? null],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    attackerId: Number(row.attacker_id),
    defenderId: Number(row.defender_id),
    seed: Number(row.seed),
    input: row.input,
    outcome: row.outcome,
    foughtAt: row.fought_at,
  }));
}

export async function battleCount(stack: Stack): Promise<number> {
  const [{ count }] = await queryDatabase<{ count: string }>(stack.database.url, 'SELECT count(*) FROM battles');
  return Number(count);
}

/** The city row as stored (army, injured, charges, pending production and its anchor). */
export async function cityRow(stack: Stack, player: CityPlayer) {
  const [row] = await queryDatabase<{
    ch_level: number;
    building_levels: Record<string, number>;
    infantry: string;
    archers: string;
    cavalries: string;
    injured_infantry: string;
    injured_archers: string;
    injured_cavalries: string;
    stored_pending: Partial<ResourceAmounts>;
    production_anchor_at: Date;
    attack_charges: number;
    attack_charges_at: Date;
  }>(stack.database.url, 'SELECT * FROM cities WHERE player_id = $1', [player.playerId]);
  return {
    ...row,
    army: { infantry: Number(row.infantry), archers: Number(row.archers), cavalries: Number(row.cavalries) } satisfies Troops,
    injured: {
      infantry: Number(row.injured_infantry),
      archers: Number(row.injured_archers),
      cavalries: Number(row.injured_cavalries),
    } satisfies Troops,
  };
}

/** Thousandths a player received from attack loot, per resource, from the ledger. */
export async function lootCredited(stack: Stack, player: CityPlayer): Promise<ResourceAmounts> {
  const rows = await queryDatabase<{ asset: keyof ResourceAmounts; total: string }>(
    stack.database.url,
    `SELECT e.asset, sum(e.delta) AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.player_id = $1 AND e.reason = 'attack-loot' GROUP BY e.asset`,
    [player.playerId],
  );
  const credited = noResources();
  for (const { asset, total } of rows) credited[asset] = Number(total);
  return credited;
}

/** Everything a refused attack must leave untouched: both cities, all battles, the ledger and every balance. */
export async function attackSnapshot(stack: Stack, ...players: CityPlayer[]): Promise<unknown[]> {
  return Promise.all([
    queryDatabase(stack.database.url, 'SELECT * FROM cities WHERE player_id = ANY($1) ORDER BY player_id', [
      players.map((player) => player.playerId),
    ]),
    queryDatabase(stack.database.url, 'SELECT * FROM battles ORDER BY id'),
    queryDatabase(stack.database.url, 'SELECT count(*) FROM ledger_entries'),
    queryDatabase(stack.database.url, 'SELECT account_id, asset, amount FROM balances ORDER BY account_id, asset'),
  ]);
}

export async function armyStatsOf(player: CityPlayer): Promise<ArmyStatsResponse> {
  const response = await player.api.get<ArmyStatsResponse>(ApiRoutes.armyStats(player.username));
  if (response.status !== 200) throw new Error(`army stats of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function enemiesOf(player: CityPlayer, page: number, minLevel: number): Promise<EnemiesResponse> {
  const response = await player.api.get<EnemiesResponse>(ApiRoutes.enemies(player.username, page, minLevel));
  if (response.status !== 200) throw new Error(`enemies of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function battleLogsOf(player: CityPlayer): Promise<BattleLogsResponse> {
  const response = await player.api.get<BattleLogsResponse>(ApiRoutes.battleLogs(player.username));
  if (response.status !== 200) throw new Error(`battle logs of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export function attack(attacker: CityPlayer, enemy: string, body?: unknown) {
  return attacker.api.post<AttackResponse & { error?: string; cooldownUntil?: string; nextRegenInMs?: number }>(
    ApiRoutes.attack(attacker.username, enemy),
    body,
  );
}

/** Thousandths from a number the API shows with three decimals. */
export const thousandths = (amount: number) => Math.round(amount * 1000);

/**
 * The verdict a raid's result and report carry (issue 36), from its stored input and outcome: both powers before
 * luck (the defender's with the home advantage), the luck, and the powers after it.
 */
export function expectedVerdict(input: Omit<BattleInput, 'seed'>, outcome: BattleOutcome): BattleVerdict {
  return {
    attackerPower: fromThousandths(Math.floor(sidePower(input.attacker))),
    defenderPower: fromThousandths(Math.floor(defenderHomePower(input.defender))),
    defenderAdvantagePercent: 10,
    attackerLuck: outcome.rolls.attackerLuck,
    defenderLuck: outcome.rolls.defenderLuck,
    attackerRolledPower: fromThousandths(outcome.attackerPower),
    defenderRolledPower: fromThousandths(outcome.defenderPower),
  };
}

/**
 * An enemy's card on the Attack screen once what loads above its Attack button has arrived: the practice camp
 * over the list and the card's odds. Pressed earlier, the button can move by hundreds of pixels between press
 * and release (measured: 394 px when the odds arrive), and the click lands elsewhere.
 */
export async function settledEnemyCard(page: Page, enemyName: string): Promise<Locator> {
  const card = page.getByTestId(`enemy-${enemyName}`);
  await page.getByTestId('practice-camp').waitFor();
  await card.getByTestId('attack-odds').waitFor();
  return card;
}
