import { executeAction, type EngineAction } from './engine-tokens';
import type { HiveBlock } from './hive-chain';
import { hiveTime } from './hive-time';
import { isRecord } from './json-rpc';
import type { Ledger } from './ledger';
import type { ChainOperation } from './operations';

/** The custom_json id Hive Engine mainnet reads. */
const ENGINE_CUSTOM_JSON_ID = 'ssc-mainnet-hive';

export interface EngineTransaction {
  blockNumber: number;
  refHiveBlockNumber: number;
  transactionId: string;
  sender: string;
  contract: string;
  action: string;
  /** JSON of the contractPayload. */
  payload: string;
  executedCodeHash: string;
  hash: string;
  databaseHash: string;
  /** JSON of {events} or {errors}. */
  logs: string;
}

export interface EngineBlock {
  blockNumber: number;
  refHiveBlockNumber: number;
  timestamp: string;
  transactions: EngineTransaction[];
}

/**
 * The Hive Engine sidechain: actions of a Hive block run `delayMs` later, in Hive block
 * order, and make one sidechain block. A failing action is recorded with `errors`.
 */
export class HiveEngine {
  private readonly blocks: EngineBlock[] = [{ blockNumber: 0, refHiveBlockNumber: 0, timestamp: hiveTime(), transactions: [] }];
  private readonly transactions = new Map<string, EngineTransaction>();
  private readonly pending: { hiveBlock: HiveBlock; actions: EngineAction[] }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ledger: Ledger,
    private readonly delayMs: number,
  ) {}

  /** Hive chain listener: queues the Hive Engine actions of an applied transaction. */
  readonly onHiveTransaction = (hiveBlock: HiveBlock, hiveTransactionId: string, operations: ChainOperation[]): void => {
    const actions = engineActions(hiveTransactionId, operations);
    if (actions.length === 0) return;
    this.pending.push({ hiveBlock, actions });
    // Same-delay timers fire in creation order, so the queue head is always the due block.
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.processNextBlock();
    }, this.delayMs);
    this.timers.add(timer);
  };

  /** The processed transaction, or null while it is pending or unknown. */
  transaction(id: string): EngineTransaction | null {
    return this.transactions.get(id) ?? null;
  }

  block(blockNumber: number): EngineBlock | null {
    return this.blocks[blockNumber] ?? null;
  }

  latestBlock(): EngineBlock {
    return this.blocks[this.blocks.length - 1];
  }

  /** Drops pending work: nothing runs after the sim closes. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private processNextBlock(): void {
    const next = this.pending.shift();
    if (!next) return;
    const blockNumber = this.blocks.length;
    const transactions = next.actions.map((action) => {
      const transaction: EngineTransaction = {
        blockNumber,
        refHiveBlockNumber: next.hiveBlock.number,
        transactionId: action.transactionId,
        sender: action.sender,
        contract: action.contract,
        action: action.action,
        payload: JSON.stringify(action.payload ?? {}),
        executedCodeHash: '',
        hash: '',
        databaseHash: '',
        logs: JSON.stringify(executeAction(this.ledger, action)),
      };
      this.transactions.set(transaction.transactionId, transaction);
      return transaction;
    });
    this.blocks.push({ blockNumber, refHiveBlockNumber: next.hiveBlock.number, timestamp: next.hiveBlock.time, transactions });
  }
}

/**
 * The well-formed actions of a Hive transaction's `ssc-mainnet-hive` custom_jsons (others are
 * ignored, as Hive Engine does). The id is the Hive transaction id for a lone action in a
 * one-operation transaction, otherwise `<hive tx id>-<n>`, n counting actions across the transaction.
 */
function engineActions(hiveTransactionId: string, operations: ChainOperation[]): EngineAction[] {
  const calls = operations.flatMap((operation) => {
    if (operation.type !== 'custom_json' || operation.id !== ENGINE_CUSTOM_JSON_ID) return [];
    const parsed: unknown = JSON.parse(operation.json);
    const signedWithActive = operation.requiredAuths.length > 0;
    const sender = signedWithActive ? operation.requiredAuths[0] : operation.requiredPostingAuths[0];
    return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((call: unknown) => {
      if (!isRecord(call) || typeof call['contractName'] !== 'string' || typeof call['contractAction'] !== 'string') return [];
      return [{ sender, signedWithActive, contract: call['contractName'], action: call['contractAction'], payload: call['contractPayload'] }];
    });
  });
  const single = operations.length === 1 && calls.length === 1;
  return calls.map((call, n) => ({ ...call, transactionId: single ? hiveTransactionId : `${hiveTransactionId}-${n}` }));
}
