import { Inject, Injectable } from '@nestjs/common';
import axios, { AxiosInstance } from 'axios';
import axiosRetry from 'axios-retry';
import { ErrorMessages } from '@runik/contract';
import { parseDecimal } from '@runik/rules';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { ApiError } from '../core/errors/api-error';

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

/** The Hive Engine node: `/contracts` queries and `/blockchain` transaction lookups, with retries. */
@Injectable()
export class HiveEngineClient {
  private readonly http: AxiosInstance;
  private requestId = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // JSON-RPC over POST is never redirected: without redirects axios calls Node's http directly,
    // not through follow-redirects (a fifth of the worker's CPU per deposit confirmation).
    this.http = axios.create({ baseURL: config.HIVE_ENGINE_URL, timeout: config.CHAIN_TIMEOUT_MS, maxRedirects: 0 });
    // Queries are read-only, so any failed attempt may be repeated safely.
    axiosRetry(this.http, {
      retries: 3,
      retryDelay: axiosRetry.exponentialDelay,
      retryCondition: (error) => axiosRetry.isNetworkError(error) || axiosRetry.isRetryableError(error) || error.config?.method === 'post',
    });
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
      throw ApiError.unavailable(ErrorMessages.chainUnavailable);
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

  private async rpc<T>(path: string, method: string, params: Record<string, unknown>): Promise<T> {
    const { data } = await this.http.post<JsonRpcReply<T>>(path, { jsonrpc: '2.0', id: ++this.requestId, method, params });
    if (data.error) throw new Error(`Hive Engine ${method} failed: ${data.error.message}`);
    return (data.result ?? null) as T;
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
