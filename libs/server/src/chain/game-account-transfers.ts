import type { PrivateKey, SignedTransaction } from '@hiveio/dhive';
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
/** A signed transaction no node has taken yet, kept (until it expires) so the next look sends it again. */
const unsentKey = (transactionId: string) => `unsent-transaction:${transactionId}`;
/**
 * Takes one of the block's slots (KEYS[1] counts them) unless `ARGV[1]` are taken already; never
 * counts a slot it refused. The block's slots reserved (KEYS[2]) for transactions no node took in an
 * earlier block count as taken, except for such a transaction (`ARGV[3]` = 1), which uses one up: a
 * transaction signed and recorded goes before new ones.
 */
const TAKE_SLOT = `
local taken = tonumber(redis.call('GET', KEYS[1]) or '0')
local reserved = tonumber(redis.call('GET', KEYS[2]) or '0')
local again = ARGV[3] == '1'
if taken + (again and 0 or reserved) >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if again and reserved > 0 then redis.call('DECR', KEYS[2]) end
return 1`;
const slotsKey = (block: number) => `custom-json-slots:${block}`;
const reservedKey = (block: number) => `custom-json-reserved:${block}`;

/** Where a transfer the game signed stands on chain. */
export type SentTransferState = { state: 'done' } | { state: 'failed'; errors: string[] } | { state: 'waiting' } | { state: 'expired' };

/**
 * Transfers from the game account, never sent twice: the signed transaction's id is stored (by the
 * caller's `record`) before it is broadcast, and `follow` tells whether it made it (sending the same
 * transaction again while no node has taken it); only one the Hive node says expired outside any block
 * may be signed again.
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
   * tries later. A broadcast no node took is sent again by `follow`.
   */
  send(transfer: OutgoingTransfer, record: (prepared: PreparedTransaction) => Promise<boolean>, leaveFree = 0): Promise<boolean> {
    const json = JSON.stringify({ contractName: 'tokens', contractAction: 'transfer', contractPayload: transfer });
    return this.sendCustomJson('ssc-mainnet-hive', json, record, leaveFree);
  }

  /**
   * Any custom_json of the game account (a token transfer above; the daily fairness post, which leaves all but one
   * slot free), with the same slot count, record-before-broadcast and resend as a transfer.
   */
  async sendCustomJson(
    id: string,
    json: string,
    record: (prepared: PreparedTransaction) => Promise<boolean>,
    leaveFree = 0,
  ): Promise<boolean> {
    const block = await this.takeBlockSlot(CUSTOM_JSON_PER_BLOCK - leaveFree, false);
    if (block === null) return false;
    const prepared = await this.hiveNode.prepare(
      [['custom_json', { id, required_auths: [this.config.GAME_ACCOUNT], required_posting_auths: [], json }]],
      this.signingKey,
    );
    // Kept before it is recorded, so a worker that dies before the broadcast leaves it for the next look.
    await this.redis.set(unsentKey(prepared.id), JSON.stringify(prepared.signed), 'PXAT', prepared.expiresAt.getTime());
    // Recorded before it leaves: whatever happens next, a retry knows which transfer to look for.
    if (!(await record(prepared))) {
      await this.redis.del(unsentKey(prepared.id));
      return true;
    }
    await this.broadcast(prepared.id, prepared.signed, block);
    return true;
  }

  /**
   * Done or failed once Hive Engine has processed it. Until then it waits, however late Hive Engine
   * is, unless the Hive node says the transaction expired outside any block: only then is it safe
   * to sign the transfer again. While it waits, a transaction no node has taken yet (refused for the
   * block's custom_json limit, no node answering, a worker that died before sending it) is broadcast
   * again in this block if a slot is free beyond `leaveFree`: the same signed transaction, whose id
   * the chain takes once at most, so nothing waits out its lifetime for a refusal.
   */
  async follow(transactionId: string, expiresAt: Date, nowMs: number, leaveFree = 0): Promise<SentTransferState> {
    const transaction = await this.hiveEngine.transactionInfo(transactionId);
    if (transaction) {
      const errors = parseEngineLogs(transaction.logs).errors;
      return errors?.length ? { state: 'failed', errors } : { state: 'done' };
    }
    if (nowMs <= expiresAt.getTime()) {
      await this.sendAgain(transactionId, leaveFree);
      return { state: 'waiting' };
    }
    const status = await this.hiveNode.transactionStatus(transactionId, expiresAt);
    // too_old: past the node's memory of transactions (about two days), and Hive Engine never saw it.
    return status === 'expired_irreversible' || status === 'too_old' ? { state: 'expired' } : { state: 'waiting' };
  }

  private async sendAgain(transactionId: string, leaveFree: number): Promise<void> {
    const unsent = await this.redis.get(unsentKey(transactionId));
    if (unsent === null) return;
    const block = await this.takeBlockSlot(CUSTOM_JSON_PER_BLOCK - leaveFree, true);
    if (block === null) return;
    this.logger.warn(`Broadcasting ${transactionId} again: no node has taken it yet`);
    await this.broadcast(transactionId, JSON.parse(unsent) as SignedTransaction, block);
  }

  /**
   * Forgets the unsent copy once a node took it. Otherwise keeps it and reserves it a slot of the
   * next block: refused for the block's custom_json limit, no node took it; after any other error one
   * may have, and either way only this same transaction is sent again before its expiry.
   */
  private async broadcast(transactionId: string, signed: SignedTransaction, block: number): Promise<void> {
    try {
      await this.hiveNode.broadcast(signed);
      await this.redis.del(unsentKey(transactionId));
    } catch (error) {
      this.logger.warn(`Broadcast of ${transactionId} failed: ${(error as Error).message}`);
      await this.redis
        .multi()
        .incr(reservedKey(block + 1))
        .pexpire(reservedKey(block + 1), 3 * HIVE_BLOCK_MS)
        .exec();
    }
  }

  /**
   * Counts this transfer against the game account's custom_json of the chain's current block, across
   * every worker (Redis), if fewer than `limit` are taken (see TAKE_SLOT), and answers that block; a
   * broadcast past Hive's limit would be refused by the node. The block is the 3-second slot of the
   * node's head time: on mainnet one block each, on hive-sim (a block per transaction, its time the
   * clock's) the slot its limit counts.
   */
  private async takeBlockSlot(limit: number, again: boolean): Promise<number | null> {
    if (limit <= 0) return null;
    const block = Math.floor((await this.hiveNode.headBlockTime()).getTime() / HIVE_BLOCK_MS);
    const taken = await this.redis.eval(TAKE_SLOT, 2, slotsKey(block), reservedKey(block), limit, 2 * HIVE_BLOCK_MS, again ? 1 : 0);
    return taken === 1 ? block : null;
  }
}
