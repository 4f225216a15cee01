import axios from 'axios';

/** What the soak reads from and does on hive-sim besides the game's own calls. */

async function rpc<T>(url: string, method: string, params: unknown): Promise<T> {
  const { data } = await axios.post(url, { jsonrpc: '2.0', id: 1, method, params }, { timeout: 30_000 });
  if (data.error) throw new Error(`${method}: ${JSON.stringify(data.error)}`);
  return data.result as T;
}

/** hive-sim's dev faucet: chain-side tokens for an account (never the game's ledger). */
export async function faucet(simUrl: string, account: string, symbol: 'RNK' | 'SWAP.HIVE', quantity: string): Promise<void> {
  await axios.post(`${simUrl}/dev/faucet`, { account, symbol, quantity }, { timeout: 30_000 });
}

export interface EngineTransaction {
  transactionId: string;
  sender: string;
  contract: string;
  action: string;
  payload: string;
  logs: string;
}

/** A Hive Engine token transfer as the chain recorded it. */
export interface ChainTransfer {
  transactionId: string;
  from: string;
  to: string;
  symbol: string;
  quantity: string;
  memo: string;
  /** Executed (no `logs.errors`): the tokens moved. */
  executed: boolean;
  errors: string[];
}

export function transferOf(transaction: EngineTransaction): ChainTransfer | null {
  if (transaction.contract !== 'tokens' || transaction.action !== 'transfer') return null;
  const payload = JSON.parse(transaction.payload || '{}') as Record<string, unknown>;
  const logs = JSON.parse(transaction.logs || '{}') as { errors?: string[] };
  return {
    transactionId: transaction.transactionId,
    from: transaction.sender,
    to: String(payload.to ?? ''),
    symbol: String(payload.symbol ?? ''),
    quantity: String(payload.quantity ?? ''),
    memo: String(payload.memo ?? ''),
    executed: !logs.errors?.length,
    errors: logs.errors ?? [],
  };
}

export function engineTransaction(simUrl: string, txid: string): Promise<EngineTransaction | null> {
  return rpc<EngineTransaction | null>(`${simUrl}/blockchain`, 'getTransactionInfo', { txid });
}

/** The newest block Hive Engine has made. */
export async function latestBlock(simUrl: string): Promise<number> {
  return (await rpc<{ blockNumber: number }>(`${simUrl}/blockchain`, 'getLatestBlockInfo', {})).blockNumber;
}

/**
 * Every token transfer Hive Engine processed, read block by block from hive-sim's
 * `/blockchain` (getLatestBlockInfo, getBlockInfo), as an indexer would.
 */
export async function allTransfers(simUrl: string, concurrency = 8): Promise<ChainTransfer[]> {
  const url = `${simUrl}/blockchain`;
  const latest = await latestBlock(simUrl);
  const transfers: ChainTransfer[][] = [];
  let next = 1;
  const reader = async () => {
    while (next <= latest) {
      const blockNumber = next++;
      const block = await rpc<{ transactions: EngineTransaction[] } | null>(url, 'getBlockInfo', { blockNumber });
      transfers[blockNumber] = (block?.transactions ?? [])
        .map(transferOf)
        .filter((transfer): transfer is ChainTransfer => transfer !== null);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, reader));
  return transfers.flat();
}

/** Where the soak parks the game account's RNK during a treasury outage, and the memo it uses. */
export const TREASURY_ACCOUNT = 'runik.cold';
export const TREASURY_MEMO = 'soak: treasury outage';

/** Waits until Hive Engine has processed a transaction; whether it executed. */
export async function executed(simUrl: string, txid: string, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const transaction = await engineTransaction(simUrl, txid);
    if (transaction) return transferOf(transaction)?.executed ?? false;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
