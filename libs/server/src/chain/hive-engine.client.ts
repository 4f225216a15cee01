import { Inject, Injectable } from '@nestjs/common';
import { NodeHealthTracker } from '@hiveio/dhive';
import axios, { AxiosInstance, isAxiosError } from 'axios';
import axiosRetry from 'axios-retry';
import { ErrorMessages } from '@runik/contract';
import { parseDecimal } from '@runik/rules';
import { APP_CONFIG } from '../core/config/config.module';
import { hiveEngineUrls, type AppConfig } from '../core/config/app-config';
import { ApiError } from '../core/errors/api-error';
import { ChainNodeProber, type ChainNodeState } from './chain-node-probe';

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

/**
 * The Hive Engine nodes: `/contracts` queries and `/blockchain` lookups. Every call is read-only, so a
 * failed attempt is repeated on the next healthy node (axios-retry), and a node that keeps failing is
 * skipped for a while, ranked by dhive's own health tracker as the Hive node client ranks its nodes.
 */
@Injectable()
export class HiveEngineClient {
  private readonly nodes: readonly string[];
  private readonly health = new NodeHealthTracker();
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
    axiosRetry(this.http, {
      retries: Math.max(3, this.nodes.length),
      retryDelay: axiosRetry.exponentialDelay,
      retryCondition: () => true,
      onRetry: (_count, _error, request) => {
        const failed = request.baseURL!;
        this.health.recordFailure(failed, request.url!);
        request.baseURL = this.nodeFor(request.url as EnginePath, failed);
      },
    });
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
    try {
      const { data, config } = await this.http.post<JsonRpcReply<T>>(path, body, { baseURL: this.nodeFor(path) });
      this.health.recordSuccess(config.baseURL!, path);
      if (data.error) throw new Error(`Hive Engine ${method} failed: ${data.error.message}`);
      return (data.result ?? null) as T;
    } catch (error) {
      if (isAxiosError(error) && error.config?.baseURL) this.health.recordFailure(error.config.baseURL, path);
      throw error;
    }
  }

  /** The healthiest node for the path, preferring another than the one that just failed. */
  private nodeFor(path: EnginePath, failed?: string): string {
    const ordered = this.health.getOrderedNodes([...this.nodes], path);
    return ordered.find((node) => node !== failed) ?? ordered[0];
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
