import type { PrivateKey } from '@hiveio/dhive';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../core/config/config.module';
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

/** Where a transfer the game signed stands on chain. */
export type SentTransferState = { state: 'done' } | { state: 'failed'; errors: string[] } | { state: 'waiting' } | { state: 'expired' };

/**
 * Transfers from the game account, never sent twice: the signed transaction's id is stored (by the
 * caller's `record`) before it is broadcast, and `stateOf` tells whether it made it; only one that
 * expired unseen may be signed again.
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
  ) {
    this.signingKey = gameAccountActiveKey(config);
  }

  /**
   * Signs the transfer, hands it to `record` (which stores its id and expiry, and answers false when
   * the row moved on meanwhile, so nothing is sent), then broadcasts it.
   */
  async send(transfer: OutgoingTransfer, record: (prepared: PreparedTransaction) => Promise<boolean>): Promise<void> {
    const json = JSON.stringify({ contractName: 'tokens', contractAction: 'transfer', contractPayload: transfer });
    const prepared = await this.hiveNode.prepare(
      [['custom_json', { id: 'ssc-mainnet-hive', required_auths: [this.config.GAME_ACCOUNT], required_posting_auths: [], json }]],
      this.signingKey,
    );
    // Recorded before it leaves: whatever happens next, a retry knows which transfer to look for.
    if (!(await record(prepared))) return;
    await this.hiveNode.broadcast(prepared.signed).catch((error: Error) => {
      // Not definite: the node may still have taken it. The next look asks Hive Engine for it.
      this.logger.warn(`Broadcast of ${prepared.id} (${transfer.memo}) failed: ${error.message}`);
    });
  }

  async stateOf(transactionId: string, expiresAt: Date, nowMs: number): Promise<SentTransferState> {
    const transaction = await this.hiveEngine.transactionInfo(transactionId);
    if (transaction) {
      const errors = parseEngineLogs(transaction.logs).errors;
      return errors?.length ? { state: 'failed', errors } : { state: 'done' };
    }
    // Not seen on Hive Engine well after its expiry: it never made it into a block.
    return nowMs > expiresAt.getTime() + this.config.WITHDRAWAL_RESEND_GRACE_MS ? { state: 'expired' } : { state: 'waiting' };
  }
}
