import type { AxiosInstance, AxiosResponse } from 'axios';
import type { Asset } from '@runik/server';
import { grantThroughLedger } from '@runik/server/testing/grant';
import type { CityResponse } from '@runik/contract';
import { ApiRoutes } from '@runik/contract';
import { apiClient, login, registerFree, settledStatus } from './api-client';
import { queryDatabase } from './database';
import { eventually } from './eventually';
import { payRegistration, uniqueUsername } from './hive';
import type { Stack } from './stack';

export interface CityPlayer {
  username: string;
  playerId: number;
  api: AxiosInstance;
}

export async function newCityPlayer(stack: Stack, prefix = 'city'): Promise<CityPlayer> {
  return namedCityPlayer(stack, uniqueUsername(prefix));
}

/** A free player of that exact name (a test whose screenshots show the name; each stack has a fresh database). */
export async function namedCityPlayer(stack: Stack, username: string): Promise<CityPlayer> {
  const { token } = await registerFree(apiClient(stack.apiUrl), username);
  const [{ id }] = await queryDatabase<{ id: string }>(stack.database.url, 'SELECT id FROM players WHERE hive_username = $1', [username]);
  return { username, playerId: Number(id), api: apiClient(stack.apiUrl, token) };
}

/** The client's report of a 40 HIVE registration payment, without a referrer. */
export function reportRegistration(stack: Stack, username: string, transactionId: string): Promise<AxiosResponse> {
  return apiClient(stack.apiUrl).post(ApiRoutes.initiateRegistration, {
    hiveUsername: username,
    transactionId,
    referrer: '',
    feeInHive: '40.000',
  });
}

/** A player who paid the activation fee on hive-sim, so may withdraw. */
export async function newPaidCityPlayer(stack: Stack, prefix = 'paid'): Promise<CityPlayer> {
  const username = uniqueUsername(prefix);
  const anonymous = apiClient(stack.apiUrl);
  const transactionId = await payRegistration(stack.simUrl, username, '40.000');
  await reportRegistration(stack, username, transactionId);
  if ((await settledStatus(anonymous, transactionId)).status !== 'confirmed') throw new Error(`registration of ${username} not confirmed`);
  const { token } = await login(anonymous, username);
  const [{ id }] = await queryDatabase<{ id: string }>(stack.database.url, 'SELECT id FROM players WHERE hive_username = $1', [username]);
  return { username, playerId: Number(id), api: apiClient(stack.apiUrl, token) };
}

export async function cityOf(player: CityPlayer): Promise<CityResponse> {
  const response = await player.api.get<CityResponse>(`/api/city/resources/${player.username}`);
  if (response.status !== 200) throw new Error(`city of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/**
 * Test setup through the game's own ledger: mints thousandths of an asset to a player,
 * as production or a deposit would (no shortcut around the balances' rules).
 */
export async function grant(stack: Stack, player: CityPlayer, asset: Asset, thousandths: number): Promise<void> {
  await grantThroughLedger(stack.database.url, player.playerId, asset, thousandths);
}

/** Moves a city's clock-driven state into the past, as if `ms` had gone by. */
export async function letTimePass(stack: Stack, player: CityPlayer, ms: number): Promise<void> {
  const interval = `${ms} milliseconds`;
  await queryDatabase(
    stack.database.url,
    `UPDATE cities SET production_anchor_at = production_anchor_at - $2::interval,
       last_harvest_at = last_harvest_at - $2::interval WHERE player_id = $1`,
    [player.playerId, interval],
  );
  await queryDatabase(stack.database.url, `UPDATE training_queue SET completes_at = completes_at - $2::interval WHERE player_id = $1`, [
    player.playerId,
    interval,
  ]);
}

/** Troops come back injured from attacks (a later feature); tests put them in the sanctum directly. */
export async function injure(
  stack: Stack,
  player: CityPlayer,
  injured: { infantry?: number; archers?: number; cavalries?: number },
): Promise<void> {
  await queryDatabase(
    stack.database.url,
    `UPDATE cities SET injured_infantry = $2, injured_archers = $3, injured_cavalries = $4 WHERE player_id = $1`,
    [player.playerId, injured.infantry ?? 0, injured.archers ?? 0, injured.cavalries ?? 0],
  );
}

export async function setCityHallLevel(stack: Stack, player: CityPlayer, level: number): Promise<void> {
  await queryDatabase(stack.database.url, `UPDATE cities SET ch_level = $2 WHERE player_id = $1`, [player.playerId, level]);
}

/** Everything a rejected call must leave untouched. */
export async function citySnapshot(stack: Stack, player: CityPlayer): Promise<unknown[]> {
  return Promise.all([
    queryDatabase(stack.database.url, 'SELECT * FROM cities WHERE player_id = $1', [player.playerId]),
    queryDatabase(stack.database.url, 'SELECT * FROM training_queue WHERE player_id = $1', [player.playerId]),
    queryDatabase(stack.database.url, 'SELECT count(*) FROM ledger_entries'),
    queryDatabase(stack.database.url, 'SELECT account_id, asset, amount FROM balances ORDER BY account_id, asset'),
  ]);
}

export interface WithdrawalRow {
  id: string;
  status: string;
  error: string | null;
  transaction_id: string | null;
}

/** The player's latest withdrawal once completed or refunded, or as it stands when the time is up. */
export async function settledWithdrawal(stack: Stack, player: CityPlayer, timeoutMs = 60_000): Promise<WithdrawalRow> {
  const latest = async () =>
    (
      await queryDatabase<WithdrawalRow>(
        stack.database.url,
        `SELECT id, status, error, transaction_id FROM withdrawals WHERE player_id = $1 ORDER BY id DESC LIMIT 1`,
        [player.playerId],
      )
    )[0];
  return eventually(latest, (row) => row?.status === 'completed' || row?.status === 'refunded', timeoutMs);
}
