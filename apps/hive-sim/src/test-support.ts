import { Client, PrivateKey, type KeyRole, type Operation, type SignedTransaction } from '@hiveio/dhive';
import { startHiveSim, type HiveSimOptions, type RunningHiveSim } from './sim';

/** Test helpers: a sim on a free port and a real dhive client pointed at it. */
export interface TestSim {
  sim: RunningHiveSim;
  client: Client;
}

export async function startTestSim(engineDelayMs = 50, options: Partial<HiveSimOptions> = {}): Promise<TestSim> {
  const sim = await startHiveSim({ ...options, port: 0, engineDelayMs });
  // One node and no retries: an error should fail the test at once.
  return { sim, client: new Client(sim.url, { timeout: 5000, failoverThreshold: 1 }) };
}

export const key = (account: string, role: KeyRole): PrivateKey => PrivateKey.fromLogin(account, 'devpass', role);

export interface RpcAnswer {
  result?: unknown;
  error?: { code: number; message: string };
}

/** POSTs `body` as JSON; resolves with the status and the parsed answer, typed as the caller expects. */
export async function postJson<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const headers = { 'content-type': 'application/json' };
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

/** One JSON-RPC call; resolves with the whole answer, result or error. */
export async function postRpc(url: string, method: string, params: unknown): Promise<RpcAnswer> {
  return (await postJson<RpcAnswer>(url, { jsonrpc: '2.0', id: 7, method, params })).body;
}

/** A signed transaction built as dhive's sendOperations builds it, with an optional expiration shift. */
export async function signedTransaction(
  client: Client,
  operations: Operation[],
  signer: PrivateKey,
  expiresInMs = 60_000,
): Promise<SignedTransaction> {
  const props = await client.database.getDynamicGlobalProperties();
  const transaction = {
    ref_block_num: props.head_block_number & 0xffff,
    ref_block_prefix: Buffer.from(props.head_block_id, 'hex').readUInt32LE(4),
    expiration: new Date(Date.parse(`${props.time}Z`) + expiresInMs).toISOString().slice(0, 19),
    operations,
    extensions: [],
  };
  return client.broadcast.sign(transaction, signer);
}

/** The block holding a transaction, from transaction_status_api.find_transaction. */
export async function blockOf(client: Client, id: string): Promise<number> {
  const found = (await client.transaction.findTransaction(id)) as { status: string; block_num?: number };
  if (found.block_num === undefined) throw new Error(`${id} is in no block: ${found.status}`);
  return found.block_num;
}

/** Polls `probe` until it gives a non-null value. */
export async function eventually<T>(probe: () => Promise<T | null>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
