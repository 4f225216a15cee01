import axios from 'axios';
import { Client, cryptoUtils, PrivateKey } from '@hiveio/dhive';
import { registrationMemo } from '@runik/rules';
import { DEV_PASSWORD, GAME_ACCOUNT } from './stack';

export type KeyRole = 'owner' | 'active' | 'posting' | 'memo';

/** The dev keys every hive-sim account has. */
export function devKey(username: string, role: KeyRole): PrivateKey {
  return PrivateKey.fromLogin(username, DEV_PASSWORD, role);
}

/** What Keychain's requestSignBuffer returns: a hex signature of sha256(message). */
export function signMessage(message: string, key: PrivateKey): string {
  return key.sign(cryptoUtils.sha256(message)).toString();
}

const HIVE_BLOCK_MS = 3000;

/** A Hive Engine token transfer broadcast with the sender's active key, as Keychain's requestSendToken does. */
export async function sendToken(simUrl: string, from: string, to: string, symbol: string, quantity: string, memo: string): Promise<string> {
  const client = new Client(simUrl);
  const json = JSON.stringify({ contractName: 'tokens', contractAction: 'transfer', contractPayload: { symbol, to, quantity, memo } });
  const operation = { id: 'ssc-mainnet-hive', required_auths: [from], required_posting_auths: [], json };
  for (;;) {
    try {
      return (await client.broadcast.json(operation, devKey(from, 'active'))).id;
    } catch (error) {
      // Hive takes 5 custom_json per account and block: a test sending faster waits for the next block, as a wallet user would.
      if (!/custom json operation\(s\) this block/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, HIVE_BLOCK_MS));
    }
  }
}

/** Pays the registration fee the way the web client does. */
export function payRegistration(simUrl: string, username: string, quantity: string, referrer = '', to = GAME_ACCOUNT): Promise<string> {
  return sendToken(simUrl, username, to, 'SWAP.HIVE', quantity, registrationMemo(referrer));
}

let accountCounter = 0;
/** A Hive name no other test uses (hive-sim creates accounts on first use). */
export function uniqueUsername(prefix = 'p'): string {
  accountCounter += 1;
  // Hive names have at most 16 characters: the prefix gives way, never the unique part.
  const unique = `${Date.now().toString(36).slice(-5)}${process.pid % 1000}x${accountCounter}`;
  return `${prefix.slice(0, Math.max(1, 16 - unique.length))}${unique}`;
}

/** A Hive Engine token balance as the node reports it (a decimal string), read from hive-sim. */
export async function engineBalance(simUrl: string, account: string, symbol: string): Promise<string> {
  const { data } = await axios.post(`${simUrl}/contracts`, {
    jsonrpc: '2.0',
    id: 1,
    method: 'findOne',
    params: { contract: 'tokens', table: 'balances', query: { account, symbol } },
  });
  return data.result?.balance ?? '0';
}

/** Sets hive-sim's Hive Engine: how far behind the Hive blocks it processes (`lagMs`), or whether it is down. */
export async function setHiveEngine(simUrl: string, settings: { lagMs?: number; down?: boolean }): Promise<void> {
  await axios.post(`${simUrl}/dev/engine`, settings);
}
