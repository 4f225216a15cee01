import { Inject, Injectable, Logger } from '@nestjs/common';
import { isBelowRefundMinimum, REFUNDS_PER_SENDER_PER_DAY } from '@runik/rules';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Selectable } from 'kysely';
import { DataSource, EntityManager } from 'typeorm';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { CUSTOM_JSON_PER_BLOCK, GameAccountTransfers } from '../chain/game-account-transfers';
import { paymentPurpose } from '../chain/payment-matcher';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { PackJobs } from '../packs/packs.jobs';
import { RegistrationJobs } from '../registration/registration.jobs';
import { ShopJobs } from '../shop/shop.jobs';
import { DepositJobs } from '../wallet/deposit.jobs';
import { withdrawalsAwaitingSlot } from '../wallet/withdraw.jobs';
import { unsentRefunds } from './payout-backlog';
import { retryingTransaction } from '../core/database/transaction';
import { compiledOnce, db, rows } from '../core/database/sql';
import type { ChainTransfers } from '../core/database/schema';

/** Transfers settled per pass (one follower batch's worth), so one pass stays short while catching up. */
const PASS_SIZE = 200;

type TransferKey = Pick<Selectable<ChainTransfers>, 'transaction_id' | 'log_index'>;

type UnmatchedTransfer = Selectable<ChainTransfers>;

/**
 * What the recorded transfers pay for: RNK to the game account is its sender's deposit; SWAP.HIVE
 * pays for what its memo names (a registration, packs, a shop item). What pays for nothing is sent
 * back, once, with the reason in the memo, unless it is dust (under the refund minimum: kept). The
 * players' reports never decide any of it.
 */
@Injectable()
export class TransferSettlement {
  private readonly logger = new Logger(TransferSettlement.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly deposits: DepositJobs,
    private readonly registrations: RegistrationJobs,
    private readonly packs: PackJobs,
    private readonly shop: ShopJobs,
    private readonly transfers: GameAccountTransfers,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Settles waiting transfers in chain order, a pass in one transaction (one commit for many
   * credits while catching up) on their locked rows. A pass that fails is settled again one transfer
   * at a time, so one transfer that cannot be settled never holds back the others.
   */
  async matchWaiting(): Promise<void> {
    const waiting = await rows(this.dataSource.manager, waitingStatement());
    if (waiting.length === 0) return;
    try {
      await retryingTransaction(this.dataSource, (manager) => this.match(manager, waiting));
    } catch {
      for (const key of waiting) {
        await retryingTransaction(this.dataSource, (manager) => this.match(manager, [key])).catch((error: Error) => {
          this.logger.error(`Transfer ${key.transaction_id}/${key.log_index} could not be settled: ${error.message}`);
        });
      }
    }
  }

  /**
   * Settles the pass's transfers, locked together (those still waiting and not held by another settlement), one by
   * one in chain order, each status written before the next is judged: a later payment reads the earlier ones'
   * settlements (a repeat paid while the first was pending), and a second transfer of a transaction goes back
   * whether its first was credited before the pass or earlier in it.
   */
  private async match(manager: EntityManager, keys: TransferKey[]): Promise<void> {
    const locked = await rows(
      manager,
      lockWaitingStatement(
        keys.map((key) => key.transaction_id),
        keys.map((key) => key.log_index),
      ),
    );
    const creditedInPass = new Set<string>();
    for (const { credited_twice: creditedBefore, ...transfer } of locked) {
      const match = await this.paidFor(manager, transfer, creditedBefore || creditedInPass.has(transfer.transaction_id));
      const [status, matched, reason] =
        'matched' in match
          ? ['credited', match.matched, null]
          : [isBelowRefundMinimum(transfer.quantity) ? 'dust' : 'unmatched', null, match.unmatched];
      if (status === 'credited') creditedInPass.add(transfer.transaction_id);
      await rows(manager, settleStatement(transfer.transaction_id, transfer.log_index, status, matched, reason, this.clock.now()));
    }
  }

  /**
   * Credits what one transfer pays for, in the pass's transaction: each kind through the one payment pipeline. A
   * transaction pays for one thing: a second transfer in it (`creditedTwice`: another of its transfers credited)
   * goes back.
   */
  private async paidFor(manager: EntityManager, transfer: IncomingTransfer, creditedTwice: boolean): Promise<PaymentMatch> {
    if (creditedTwice) return { unmatched: UnmatchedReasons.twice };
    const purpose = paymentPurpose(transfer);
    if ('unmatched' in purpose) return purpose;
    switch (purpose.kind) {
      case 'deposit':
        return this.deposits.credit(manager, transfer);
      case 'registration':
        return this.registrations.credit(manager, transfer, purpose);
      case 'pack':
        return this.packs.credit(manager, transfer, purpose);
      case 'shop':
        return this.shop.credit(manager, transfer, purpose);
    }
  }

  /**
   * Sends unmatched transfers back to their senders, never twice: the refund's id is stored before
   * it is broadcast and looked for on Hive Engine before anything is signed again. Refunds leave the
   * custom_json slots waiting withdrawals need, and a sender is sent at most REFUNDS_PER_SENDER_PER_DAY
   * a day (REFUND_COUNT_WINDOW_MS): the rest wait, in chain order, until the day has room.
   */
  async refundUnmatched(): Promise<void> {
    const leaveFree = Math.min(CUSTOM_JSON_PER_BLOCK, await withdrawalsAwaitingSlot(this.dataSource, new Date(this.clock.machineNowMs())));
    const sent = await rows(
      this.dataSource.manager,
      db
        .selectFrom('chain_transfers')
        .selectAll()
        .where('status', '=', 'unmatched')
        .where('refund_transaction_id', 'is not', null)
        .$narrowType<{ refund_transaction_id: string }>()
        .orderBy('block_number')
        .orderBy('transaction_id')
        .orderBy('log_index')
        .limit(PASS_SIZE),
    );
    for (const transfer of sent) {
      const state = await this.transfers.follow(
        transfer.refund_transaction_id,
        // Stored with the refund's id, in the same statement (sendRefund).
        transfer.refund_expires_at as Date,
        this.clock.machineNowMs(),
        leaveFree,
      );
      if (state.state === 'done') await this.settle(transfer, 'refunded', transfer.reason);
      // Left to the operators (listed with its reason): a refund the sidechain refused would fail again.
      if (state.state === 'failed')
        await this.settle(transfer, 'refund-failed', `${transfer.reason}; refund failed: ${state.errors.join('; ')}`);
      // The Hive node says it expired outside any block: signed again (the same refund, counted once).
      if (state.state === 'expired' && !(await this.sendRefund(transfer, leaveFree))) return;
    }
    for (const transfer of await this.refundsDue()) {
      if (!(await this.sendRefund(transfer, leaveFree))) return;
    }
  }

  /** Unmatched transfers not yet sent back, in chain order, each sender's only as far as its day has room. */
  private refundsDue(): Promise<UnmatchedTransfer[]> {
    return rows(
      this.dataSource.manager,
      db
        .selectFrom(
          unsentRefunds(new Date(this.clock.nowMs() - this.config.REFUND_COUNT_WINDOW_MS), REFUNDS_PER_SENDER_PER_DAY).as('unsent'),
        )
        .selectAll()
        .where((eb) => eb.ref('due'))
        .orderBy('block_number')
        .orderBy('transaction_id')
        .orderBy('log_index')
        .limit(PASS_SIZE),
    );
  }

  /** Signs and sends one refund; false when this block has no slot left for refunds. */
  private sendRefund(transfer: UnmatchedTransfer, leaveFree: number): Promise<boolean> {
    return this.transfers.send(
      { symbol: transfer.symbol, to: transfer.sender, quantity: transfer.quantity, memo: `Runik refund: ${transfer.reason}` },
      async (prepared) => {
        const now = this.clock.now();
        const changed = await rows(
          this.dataSource.manager,
          db
            .updateTable('chain_transfers')
            .set((eb) => ({
              refund_transaction_id: prepared.id,
              refund_expires_at: prepared.expiresAt,
              refund_started_at: eb.fn.coalesce('refund_started_at', eb.val(now)),
              updated_at: now,
            }))
            .where('transaction_id', '=', transfer.transaction_id)
            .where('log_index', '=', transfer.log_index)
            .where('status', '=', 'unmatched')
            .where('refund_transaction_id', 'is not distinct from', transfer.refund_transaction_id)
            .returning('log_index'),
        );
        return changed.length === 1;
      },
      leaveFree,
    );
  }

  private async settle(transfer: UnmatchedTransfer, status: 'refunded' | 'refund-failed', reason: string | null): Promise<void> {
    await rows(
      this.dataSource.manager,
      db
        .updateTable('chain_transfers')
        .set({ status, reason, updated_at: this.clock.now() })
        .where('transaction_id', '=', transfer.transaction_id)
        .where('log_index', '=', transfer.log_index)
        .where('status', '=', 'unmatched'),
    );
    this.logger.warn(
      `Transfer ${transfer.transaction_id}/${transfer.log_index} (${transfer.quantity} ${transfer.symbol} from ${transfer.sender}) ${status}: ${reason}`,
    );
  }
}

// A pass settles up to PASS_SIZE transfers while the follower catches up (benchmarked): its statements are compiled once.
const waitingStatement = compiledOnce(() =>
  db
    .selectFrom('chain_transfers')
    .select(['transaction_id', 'log_index'])
    .where('status', '=', 'waiting')
    .orderBy('block_number')
    .orderBy('transaction_id')
    .orderBy('log_index')
    .limit(PASS_SIZE),
);

/**
 * The transfers named (one array per key column) still waiting, locked, in chain order, each with whether another
 * transfer of its transaction was credited before; a transfer another settlement holds is left to it.
 */
const lockWaitingStatement = compiledOnce((transactionIds: string[], logIndexes: number[]) =>
  db
    .selectFrom('chain_transfers as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('chain_transfers as c')
            .select(sql<1>`1`.as('one'))
            .whereRef('c.transaction_id', '=', 't.transaction_id')
            .whereRef('c.log_index', '<>', 't.log_index')
            .where('c.status', '=', 'credited'),
        )
        .$castTo<boolean>()
        .as('credited_twice'),
    )
    .where(sql<boolean>`(t.transaction_id, t.log_index) IN (SELECT * FROM unnest(${transactionIds}::varchar[], ${logIndexes}::integer[]))`)
    .where('t.status', '=', 'waiting')
    .orderBy('t.block_number')
    .orderBy('t.transaction_id')
    .orderBy('t.log_index')
    .forUpdate('t')
    .skipLocked(),
);

const settleStatement = compiledOnce(
  (transactionId: string, logIndex: number, status: string, matched: string | null, reason: string | null, now: Date) =>
    db
      .updateTable('chain_transfers')
      .set({ status, matched, reason, updated_at: now })
      .where('transaction_id', '=', transactionId)
      .where('log_index', '=', logIndex),
);
