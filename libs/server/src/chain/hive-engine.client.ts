import { Inject, Injectable } from '@nestjs/common';
import { NodeHealthTracker } from '@hiveio/dhive';
import axios, { AxiosInstance } from 'axios';
import { ErrorMessages } from '@runik/contract';
import { parseDecimal } from '@runik/rules';
import { APP_CONFIG } from '../core/config/config.module';
import { hiveEngineUrls, type AppConfig } from '../core/config/app-config';
import { ApiError } from '../core/errors/api-error';
import { ChainNodeProber, type ChainNodeState } from './chain-node-probe';
import { hedged } from './hedged';

export interface EngineBalance {
  account: string;
  symbol: string;
  /** A decimal string with the token's precision, as the node returns it. */
  balance: string;
}

/** A processed Hive Engine transaction; `payload` and `logs` are JSON strings. */
export interface EngineTransaction {
  blockNumber: number;
  transactionId: string;
  sender: string;
  contract: string;
  action: string;
  payload: string;
  logs: string;
}

/** A sidechain block as `blockchain.getBlockInfo` serves it (fields the game reads). */
export interface EngineBlock {
  blockNumber: number;
  /** The block's hash and its predecessor's, as Hive Engine's nodes serve them (absent from a node that does not). */
  hash?: string;
  previousHash?: string;
  /** 'YYYY-MM-DDTHH:mm:ss' in UTC, without a zone. */
  timestamp: string;
  transactions: EngineTransaction[];
}

export interface EngineLogs {
  events?: { contract: string; event: string; data: Record<string, unknown> }[];
  errors?: string[];
}

interface JsonRpcReply<T> {
  result?: T;
  error?: { code: number; message: string };
}

/** Hive Engine JSON-RPC paths, each tracked on its own (a node may serve one and not the other). */
type EnginePath = '/contracts' | '/blockchain';

/** How long a read waits for a node's answer before asking the next node as well. */
const HEDGE_DELAY_MS = 500;
/** Rounds over every node before a read fails, each after a longer pause. */
const ROUNDS = 3;
const ROUND_PAUSE_MS = 200;

/**
 * The Hive Engine nodes: `/contracts` queries and `/blockchain` lookups. Every call is read-only, so it
 * is hedged: a node that fails, or has not answered within HEDGE_DELAY_MS, has the next one asked as
 * well, and the first answer wins, so a hanging node costs half a second, not CHAIN_TIMEOUT_MS. Nodes
 * are ranked by dhive's own health tracker, as the Hive node client ranks its nodes; one that failed
 * once, or was still silent when another answered, is skipped for a while (the tracker's cooldown).
 */
@Injectable()
export class HiveEngineClient {
  private readonly nodes: readonly string[];
  private readonly health = new NodeHealthTracker({ maxApiFailuresBeforeCooldown: 1 });
  private readonly http: AxiosInstance;
  private readonly prober: ChainNodeProber;
  private requestId = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.nodes = hiveEngineUrls(config);
    this.prober = new ChainNodeProber(this.nodes, {
      path: '/blockchain',
      method: 'getLatestBlockInfo',
      params: {},
      headBlock: (block) => (block as EngineBlock | null)?.blockNumber,
      skipped: (url) => !this.health.isNodeHealthy(url),
    });
    // JSON-RPC over POST is never redirected: without redirects axios calls Node's http directly,
    // not through follow-redirects (a fifth of the worker's CPU per deposit confirmation).
    this.http = axios.create({ timeout: config.CHAIN_TIMEOUT_MS, maxRedirects: 0 });
  }

  /** Each node's state for the health check. */
  nodeStates(): Promise<ChainNodeState[]> {
    return this.prober.states();
  }

  async tokenBalance(account: string, symbol: string): Promise<EngineBalance | null> {
    return this.rpc<EngineBalance | null>('/contracts', 'findOne', {
      contract: 'tokens',
      table: 'balances',
      query: { account, symbol },
    });
  }

  /** A player's SWAP.HIVE in thousandths, rounded down (prices have three decimals); 503 when Hive Engine cannot be reached. */
  async swapHiveBalance(account: string): Promise<number> {
    const balance = await this.tokenBalance(account, SWAP_HIVE).catch(() => {
      throw ApiError.unavailable(ErrorMessages.engineUnavailable);
    });
    return Math.floor((parseDecimal(balance?.balance ?? '0', SWAP_HIVE_DECIMALS) ?? 0) / 10 ** (SWAP_HIVE_DECIMALS - 3));
  }

  /** Null until the sidechain has processed the transaction. */
  async transactionInfo(txid: string): Promise<EngineTransaction | null> {
    return this.rpc<EngineTransaction | null>('/blockchain', 'getTransactionInfo', { txid });
  }

  async latestBlockNumber(): Promise<number> {
    const block = await this.rpc<EngineBlock | null>('/blockchain', 'getLatestBlockInfo', {});
    if (!block) throw new Error('Hive Engine has no latest block');
    return block.blockNumber;
  }

  /** Null when the node has not made that block yet. */
  async block(blockNumber: number): Promise<EngineBlock | null> {
    return this.rpc<EngineBlock | null>('/blockchain', 'getBlockInfo', { blockNumber });
  }

  private async rpc<T>(path: EnginePath, method: string, params: Record<string, unknown>): Promise<T> {
    const body = { jsonrpc: '2.0', id: ++this.requestId, method, params };
    const data = await this.answer<T>(path, body);
    if (data.error) throw new Error(`Hive Engine ${method} failed: ${data.error.message}`);
    return (data.result ?? null) as T;
  }

  /** The first answer of a hedged request over the nodes, healthiest first, in up to ROUNDS rounds. */
  private async answer<T>(path: EnginePath, body: object): Promise<JsonRpcReply<T>> {
    for (let round = 1; ; round++) {
      try {
        return await hedged(
          this.health.getOrderedNodes([...this.nodes], path),
          HEDGE_DELAY_MS,
          (node) => this.post<T>(node, path, body),
          // Slower than another node by the hedge's delay: skipped for now, as one that timed out.
          (slow) => this.health.recordFailure(slow, path),
        );
      } catch (error) {
        if (round === ROUNDS) throw error;
        await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS * round));
      }
    }
  }

  private async post<T>(node: string, path: EnginePath, body: object): Promise<JsonRpcReply<T>> {
    try {
      const { data } = await this.http.post<JsonRpcReply<T>>(path, body, { baseURL: node });
      this.health.recordSuccess(node, path);
      return data;
    } catch (error) {
      this.health.recordFailure(node, path);
      throw error;
    }
  }
}

export function parseEngineLogs(logs: string): EngineLogs {
  try {
    return JSON.parse(logs) as EngineLogs;
  } catch {
    return { errors: ['unreadable logs'] };
  }
}

export const SWAP_HIVE = 'SWAP.HIVE';
export const SWAP_HIVE_DECIMALS = 8;

/** What a `tokens` transaction asked for; the fields are unchecked input from the chain. */
export interface TransferPayload {
  symbol?: unknown;
  to?: unknown;
  quantity?: unknown;
  memo?: unknown;
}

export function parseTransferPayload(payload: string): TransferPayload {
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null ? (parsed as TransferPayload) : {};
  } catch {
    return {};
  }
}
