import axios from 'axios';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { engineBalance, sendToken, uniqueUsername } from './hive';
import { GAME_ACCOUNT, Stack } from './stack';

/** SWAP.HIVE payments on hive-sim (packs and the shop) and the worker jobs that confirm them. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A well-formed transaction id no chain has seen. */
export const unknownTxId = () => randomBytes(20).toString('hex');

export interface PaymentOverrides {
  to?: string;
  symbol?: string;
  quantity?: string;
  memo?: string;
}

/** A SWAP.HIVE payment to the game account as the wallet sends it (requestSendToken); each part may be overridden. */
export function paySwapHive(stack: Stack, from: string, quantity: string, memo: string, overrides: PaymentOverrides = {}): Promise<string> {
  return sendToken(
    stack.simUrl,
    from,
    overrides.to ?? GAME_ACCOUNT,
    overrides.symbol ?? 'SWAP.HIVE',
    overrides.quantity ?? quantity,
    overrides.memo ?? memo,
  );
}

/** An account's SWAP.HIVE on hive-sim's Hive Engine, as a number. */
export const swapHiveOf = async (stack: Stack, account: string) => Number(await engineBalance(stack.simUrl, account, 'SWAP.HIVE'));

/** Moves SWAP.HIVE off an account to a stranger and waits until Hive Engine has done it. */
export async function spendSwapHive(stack: Stack, account: string, quantity: string): Promise<void> {
  await processed(stack.simUrl, await sendToken(stack.simUrl, account, uniqueUsername('sink'), 'SWAP.HIVE', quantity, ''));
}

export interface EngineTransactionInfo {
  sender: string;
  payload: string;
  logs: string;
}

/** Hive Engine's record of a transaction (null until processed), read from hive-sim. */
export async function engineTransaction(simUrl: string, txid: string): Promise<EngineTransactionInfo | null> {
  const { data } = await axios.post(`${simUrl}/blockchain`, { jsonrpc: '2.0', id: 1, method: 'getTransactionInfo', params: { txid } });
  return data.result ?? null;
}

/** Waits until Hive Engine has processed a transaction, so the worker finds it at its first look. */
export async function processed(simUrl: string, txid: string): Promise<EngineTransactionInfo> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const transaction = await engineTransaction(simUrl, txid);
    if (transaction) return transaction;
    if (Date.now() > deadline) throw new Error(`Hive Engine never processed ${txid}`);
    await sleep(100);
  }
}

/** The stack's ledger queue, to deliver a job again as BullMQ's at-least-once delivery may. Close it after use. */
export function ledgerQueue(stack: Stack): Queue {
  return new Queue('ledger', {
    connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    prefix: `${stack.redisPrefix}-bull`,
  });
}

/**
 * Adds one more run of a job (one attempt) and waits until the worker has finished it: completed, or
 * asking to be retried because the chain follower has not settled the payment yet (the real job is
 * retried; this extra delivery just ends).
 */
export async function runJobAgain(queue: Queue, name: string, data: object, jobId: string): Promise<void> {
  const job = await queue.add(name, data, { jobId, attempts: 1 });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const state = await job.getState();
    if (state === 'completed') return;
    const failedReason = state === 'failed' ? ((await queue.getJob(jobId))?.failedReason ?? '') : '';
    if (/waits for the chain follower/.test(failedReason)) return;
    if (state === 'failed' || Date.now() > deadline) throw new Error(`job ${job.id} is ${state}: ${failedReason}`);
    await sleep(100);
  }
}
