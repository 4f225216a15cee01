import { createHash, randomBytes } from 'node:crypto';
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
  /** The Hive block's id ('' for the genesis block). */
  refHiveBlockId: string;
  /** sha256 hex of the block's content and the previous block's hash, as Hive Engine's blocks carry. */
  hash: string;
  previousHash: string;
  timestamp: string;
  transactions: EngineTransaction[];
}

/** How often pending Hive blocks are compared with the lag. */
const TICK_MS = 10;

/** How a chain kept from an earlier run comes back, and where new blocks are told (the chain file). */
export interface EngineHistory {
  /** The chain's seed: it makes the genesis block's hash, so two chains never share a block. */
  seed: string;
  /** Blocks from the genesis block on, or none for a new chain. */
  kept: readonly EngineBlock[];
  /** Called with every block made from now on, the genesis block of a new chain included. */
  onBlock: (block: EngineBlock) => void;
}

export interface EngineSettings {
  /** How far Hive Engine is behind the Hive chain: a Hive block's actions run this long after the block. */
  lagMs: number;
  /** While down, nothing is processed (and the sim's Hive Engine routes answer 503). */
  down: boolean;
}

/**
 * The Hive Engine sidechain: it processes each Hive block's actions once the block is `lagMs`
 * old, in Hive block order, as one sidechain block. A failing action is recorded with `errors`.
 * The lag and the outage can change at any time and apply to the pending blocks too: back up, it
 * catches up on everything due, one sidechain block per Hive block.
 */
export class HiveEngine {
  private readonly blocks: EngineBlock[] = [];
  private readonly onBlock: (block: EngineBlock) => void;
  private readonly transactions = new Map<string, EngineTransaction>();
  private readonly pending: { hiveBlock: HiveBlock; actions: EngineAction[] }[] = [];
  private readonly current: EngineSettings;
  private readonly timer = setInterval(() => this.processDueBlocks(), TICK_MS);

  constructor(
    private readonly ledger: Ledger,
    lagMs: number,
    history: EngineHistory = { seed: randomBytes(16).toString('hex'), kept: [], onBlock: () => undefined },
  ) {
    this.current = { lagMs, down: false };
    this.onBlock = history.onBlock;
    if (history.kept.length > 0) {
      this.blocks.push(...history.kept);
      for (const block of history.kept)
        for (const transaction of block.transactions) this.transactions.set(transaction.transactionId, transaction);
    } else {
      const timestamp = hiveTime();
      const genesis = { blockNumber: 0, refHiveBlockNumber: 0, refHiveBlockId: '', previousHash: '', timestamp, transactions: [] };
      this.append({ ...genesis, hash: sha256(`genesis:${history.seed}:${timestamp}`) });
    }
  }

  /** Hive chain listener: queues the Hive Engine actions of an applied transaction. */
  readonly onHiveTransaction = (hiveBlock: HiveBlock, hiveTransactionId: string, operations: ChainOperation[]): void => {
    const actions = engineActions(hiveTransactionId, operations);
    if (actions.length > 0) this.pending.push({ hiveBlock, actions });
  };

  get settings(): EngineSettings {
    return { ...this.current };
  }

  /** Changes the lag and/or the outage (undefined leaves a setting as it is); answers the settings. */
  configure({ lagMs, down }: Partial<EngineSettings>): EngineSettings {
    if (lagMs !== undefined) this.current.lagMs = lagMs;
    if (down !== undefined) this.current.down = down;
    this.processDueBlocks();
    return this.settings;
  }

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

  /** Nothing runs after the sim closes. */
  stop(): void {
    clearInterval(this.timer);
  }

  private processDueBlocks(): void {
    const { lagMs, down } = this.current;
    while (!down && this.pending.length > 0 && Date.now() >= this.pending[0].hiveBlock.timestampMs + lagMs) {
      this.processNextBlock();
    }
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
    const previousHash = this.latestBlock().hash;
    const block = {
      blockNumber,
      refHiveBlockNumber: next.hiveBlock.number,
      refHiveBlockId: next.hiveBlock.id,
      previousHash,
      timestamp: hiveTime(next.hiveBlock.timestampMs),
      transactions,
    };
    this.append({ ...block, hash: sha256(JSON.stringify(block)) });
  }

  private append(block: EngineBlock): void {
    this.blocks.push(block);
    this.onBlock(block);
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
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
      return [
        { sender, signedWithActive, contract: call['contractName'], action: call['contractAction'], payload: call['contractPayload'] },
      ];
    });
  });
  const single = operations.length === 1 && calls.length === 1;
  return calls.map((call, n) => ({ ...call, transactionId: single ? hiveTransactionId : `${hiveTransactionId}-${n}` }));
}
