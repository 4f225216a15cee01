import axios from 'axios';
import { RNK_SYMBOL } from '@runik/rules';
import { HIVE_ENGINE_URL } from '../shared/config';

/** Calls to Hive Engine, an external service: a client of its own, apart from the game API's (and its 401 handling). */
export const hiveEngineClient = axios.create();

interface HiveEngineBalanceRow {
  balance?: string;
}

interface HiveEngineFindResponse {
  result?: HiveEngineBalanceRow[] | null;
}

/** The account's RNK balance as Hive Engine states it (a decimal string), '0' when it holds none (spec section 7). */
export async function fetchRnkBalance(account: string): Promise<string> {
  const { data } = await hiveEngineClient.post<HiveEngineFindResponse>(`${HIVE_ENGINE_URL}/contracts`, {
    jsonrpc: '2.0',
    id: 1,
    method: 'find',
    params: { contract: 'tokens', table: 'balances', query: { symbol: RNK_SYMBOL, account } },
  });
  return data.result?.[0]?.balance ?? '0';
}
