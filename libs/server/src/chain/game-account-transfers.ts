import type { PrivateKey } from '@hiveio/dhive';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG } from '../core/config/config.module';
import { REDIS } from '../core/redis/redis.module';
import type { AppConfig } from '../core/config/app-config';
import { HiveEngineClient, parseEngineLogs } from './hive-engine.client';
import { HiveNodeClient, PreparedTransaction } from './hive-node.client';
import { gameAccountActiveKey } from './game-account-key';

/** A tokens transfer the game account makes (a withdrawal, a refund). */
export interface OutgoingTransfer {
  symbol: string;
  to: string;
  /** A decimal string with the token's precision. */
  quantity: string;
  memo: string;
}

/** Hive takes at most this many custom_json of one account per block (HIVE_CUSTOM_OP_BLOCK_LIMIT). */
export const CUSTOM_JSON_PER_BLOCK = 5;
const HIVE_BLOCK_MS = 3000;
/** Takes one of the block's slots unless `ARGV[1]` are taken already; never counts a slot it refused. */
const TAKE_SLOT = `
local taken = tonumber(redis.call('GET', KEYS[1]) or '0')
if taken >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** Where a transfer the game signed stands on chain. */
export type SentTransferState = { state: 'done' } | { state: 'failed'; errors: string[] } | { state: 'waiting' } | { state: 'expired' };

/**
 * Transfers from the game account, never sent twice: the signed transaction's id is stored (by the
 * caller's `record`) before it is broadcast, and `stateOf` tells whether it made it; only one the
 * Hive node says expired outside any block may be signed again.
 */
@Injectable()
export class GameAccountTransfers {
  private readonly logger = new Logger(GameAccountTransfers.name);
  /** Read at start, so a production worker without its key refuses to start instead of failing each payout. */
  private readonly signingKey: PrivateKey;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveNode: HiveNodeClient,
    private readonly hiveEngine: HiveEngineClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.signingKey = gameAccountActiveKey(config);
  }

  /**
   * Signs the transfer, hands it to `record` (which stores its id and expiry, and answers false when
   * the row moved on meanwhile, so nothing is sent), then broadcasts it. Answers false, having signed
   * nothing, when the game account's custom_json for this block are all taken, or all but the
   * `leaveFree` ones kept for others (refunds leave the slots waiting withdrawals need): the caller
   * tries later.
   */
  async send(transfer: OutgoingTransfer, record: (prepared: PreparedTransaction) => Promise<boolean>, leaveFree = 0): Promise<boolean> {
    if (!(await this.takeBlockSlot(CUSTOM_JSON_PER_BLOCK - leaveFree))) return false;
    const json = JSON.stringify({ contractName: 'tokens', contractAction: 'transfer', contractPayload: transfer });
    const prepared = await this.hiveNode.prepare(
      [['custom_json', { id: 'ssc-mainnet-hive', required_auths: [this.config.GAME_ACCOUNT], required_posting_auths: [], json }]],
      this.signingKey,
    );
    // Recorded before it leaves: whatever happens next, a retry knows which transfer to look for.
    if (!(await record(prepared))) return true;
    await this.hiveNode.broadcast(prepared.signed).catch((error: Error) => {
      // Not definite: the node may still have taken it. The next look asks the chain for it.
      this.logger.warn(`Broadcast of ${prepared.id} (${transfer.memo}) failed: ${error.message}`);
    });
    return true;
  }

  /**
   * Done or failed once Hive Engine has processed it. Until then it waits, however late Hive Engine
   * is, unless the Hive node says the transaction expired outside any block: only then is it safe
   * to sign the transfer again.
   */
  async stateOf(transactionId: string, expiresAt: Date, nowMs: number): Promise<SentTransferState> {
    const transaction = await this.hiveEngine.transactionInfo(transactionId);
    if (transaction) {
      const errors = parseEngineLogs(transaction.logs).errors;
      return errors?.length ? { state: 'failed', errors } : { state: 'done' };
    }
    if (nowMs <= expiresAt.getTime()) return { state: 'waiting' };
    const status = await this.hiveNode.transactionStatus(transactionId, expiresAt);
    // too_old: past the node's memory of transactions (about two days), and Hive Engine never saw it.
    return status === 'expired_irreversible' || status === 'too_old' ? { state: 'expired' } : { state: 'waiting' };
  }

  /**
   * Counts this transfer against the game account's custom_json of the current 3-second block,
   * across every worker (Redis), if fewer than `limit` are taken; a broadcast past Hive's limit would
   * be refused by the node.
   */
  private async takeBlockSlot(limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    const key = `custom-json-slots:${Math.floor(Date.now() / HIVE_BLOCK_MS)}`;
    return (await this.redis.eval(TAKE_SLOT, 1, key, limit, 2 * HIVE_BLOCK_MS)) === 1;
  }
}
