import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type CompiledQuery } from 'kysely';
import { DataSource, EntityManager } from 'typeorm';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { awaitEngine, engineProcessed, unmatchedReason } from '../chain/engine-wait';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { HiveNodeClient } from '../chain/hive-node.client';
import { matchPayment, PaymentKind, recordedPayment, reportedPayment } from '../chain/payment-matcher';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { compiledOnce, db, firstRow, rows } from '../core/database/sql';
import { RetryLater } from '../core/queues/queues';
import { Notifier, NotificationEntry } from '../notifications/notifier';
import { PAYMENT_KINDS, ReportRecord } from './payment-kinds';

/**
 * How much later than a payment's block time an earlier payment with its memo must have been credited
 * for this one to count as made while that one was pending: one Hive block, as the chain writes whole
 * seconds (a payment is made before its block's time, and never more than this before it is written).
 */
const PENDING_MARGIN_SECONDS = 3;

/**
 * Whose payment it is: `locked`, the sender's player row held for the rest of the transaction (one purchase
 * decision at a time per player: a limit or a tier sees every earlier purchase); `read`, the sender's player
 * without a lock; `any`, no player needed (a registration makes it).
 */
export type PayerRule = 'locked' | 'read' | 'any';

/** What a credit did: its record, whom it paid, what they are told and what the log says. */
export interface CreditedPayment {
  /** The record's id (`registrations`, `deposits`, `pack_purchases`, `shop_purchases`). */
  id: number;
  playerId: number;
  notification: DistributiveOmit<NotificationEntry, 'playerId'>;
  /** For the log: what was credited to whom. */
  summary: string;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A recorded transfer of one kind, as the kind credits it once the pipeline has matched it to its payer. */
export interface PaymentCredit<Payer extends PayerRule> {
  kind: PaymentKind;
  payer: Payer;
  /**
   * What the payment owes in thousandths of the kind's token (absent: any positive amount), or why it pays for
   * nothing before the chain's transfer is read (an unknown item, an account already paid).
   */
  terms: (manager: EntityManager) => Promise<{ owedThousandths?: number } | { unmatched: string }>;
  /** Records and grants what was paid for, in the settlement's transaction; or why it pays for nothing after all (a limit). */
  credit: (
    manager: EntityManager,
    payment: { paidThousandths: number; payerId: Payer extends 'any' ? null : number },
  ) => Promise<CreditedPayment | { unmatched: string }>;
}

/** A player's report of a payment (`POST` deposit, registration, pack or shop purchase), still pending. */
interface PendingReport {
  id: string;
  transaction_id: string | null;
  /** The reporter: the transfer must be theirs. */
  payer: string;
  record: ReportRecord;
}

/**
 * One payment pipeline for every kind (registration, deposit, packs, shop): a player reports a payment, the chain
 * follower records the transfer, `creditPayment` matches it and credits it once, and what pays for nothing is sent
 * back by the settlement. The steps and their order live here; a kind says only what it owes, whose it is and what
 * crediting it records and grants (`PaymentCredit`), and its words (`PAYMENT_KINDS`).
 */
@Injectable()
export class PaymentPipeline {
  private readonly logger = new Logger(PaymentPipeline.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly hiveNode: HiveNodeClient,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  /**
   * The job of a player's report: the chain follower credits the payment; the report only waits for it, and is
   * refused when its transaction is not the reporter's payment of the kind (with that memo and price, when it names
   * them), or was sent back, or is still unknown on the last attempt (to the Hive node too: one in a block stays
   * pending however late Hive Engine is). While Hive Engine has not processed the transaction, each attempt asks the
   * Hive node and notes one it has in a block (`payments_in_block`: the status answers' `awaitingHiveEngine`, for
   * every kind); the note goes once the job finds the transaction on Hive Engine, or the follower credits it.
   */
  async checkReport(kind: PaymentKind, reportId: number, lastAttempt: boolean): Promise<void> {
    const report = await this.pendingReport(kind, reportId);
    if (!report?.transaction_id) return;
    const transactionId = report.transaction_id;
    const refuse = (reason: string) => this.refuseReport(kind, reportId, reason);
    const transaction = await this.hiveEngine.transactionInfo(transactionId);
    if (!transaction)
      return awaitEngine(
        { manager: this.dataSource.manager, hiveNode: this.hiveNode, now: this.clock.now() },
        transactionId,
        lastAttempt,
        () => refuse(PAYMENT_KINDS[kind].notFound),
      );
    await engineProcessed(this.dataSource.manager, transactionId);
    const verdict = matchPayment(reportedPayment(transaction), {
      kind,
      gameAccount: this.config.GAME_ACCOUNT,
      payer: report.payer,
      ...PAYMENT_KINDS[kind].reportTerms?.(report.payer, report.record),
    });
    if ('mismatch' in verdict) return refuse(verdict.reason);
    const unmatched = await unmatchedReason(this.dataSource.manager, transactionId);
    if (unmatched) return refuse(unmatched);
    throw new RetryLater(
      `${PAYMENT_KINDS[kind].reference} report ${reportId} waits for the chain follower to reach block ${transaction.blockNumber}`,
    );
  }

  /**
   * A report still pending, with its reporter (its player's account; a registration names the account it pays for)
   * and its whole row for the kind's `reportTerms`: one statement for every kind's table.
   */
  private pendingReport(kind: PaymentKind, reportId: number): Promise<PendingReport | undefined> {
    return firstRow(
      this.dataSource.manager,
      sql<PendingReport>`SELECT r.id, r.transaction_id, coalesce(p.hive_username, to_jsonb(r) ->> 'hive_username') AS payer, to_jsonb(r) AS record
          FROM ${sql.table(PAYMENT_KINDS[kind].table)} r LEFT JOIN players p ON p.id = (to_jsonb(r) ->> 'player_id')::bigint
         WHERE r.id = ${reportId} AND r.status = 'pending'`.compile(db),
    );
  }

  /**
   * Credits what a recorded transfer pays for, once, in the settlement's transaction, or says why it pays for
   * nothing (it is then sent back). In this order (the first two, and a payer read without a lock, in one statement:
   * `firstLookStatement`, as the chain follower runs this for every payment it credits):
   * - a purchase paid again while the first was being confirmed goes back (the player gets one, not two);
   * - a transaction credited before (its record already credited) answers that record, crediting nothing more;
   * - the kind's terms (what is owed), then `matchPayment`, the one rule for whether a transfer pays;
   * - the payer: the sender's player (held, where the kind decides under a lock), a stranger pays for nothing;
   * - the kind's credit (its record, made or the reported one brought to what the chain says, and its grant);
   * - the player's notification, one per record (`<reference>:<id>`).
   * What pays for nothing refuses the kind's pending reports of the transaction with the reason, for the screens.
   * Either way Hive Engine has processed the transaction: the note that a report's job found it only in a Hive block
   * (`payments_in_block`, `awaitEngine`) goes in the same transaction, so none is left when the follower credits a
   * payment before its report's job looks again.
   */
  async creditPayment<Payer extends PayerRule>(
    manager: EntityManager,
    transfer: IncomingTransfer,
    payment: PaymentCredit<Payer>,
  ): Promise<PaymentMatch> {
    const match = await this.credit(manager, transfer, payment);
    if ('unmatched' in match && PAYMENT_KINDS[payment.kind].answersReports) {
      await this.refuseReports(manager, payment.kind, transfer.transaction_id, match.unmatched);
    }
    return match;
  }

  private async credit<Payer extends PayerRule>(
    manager: EntityManager,
    transfer: IncomingTransfer,
    { kind, payer, terms, credit }: PaymentCredit<Payer>,
  ): Promise<PaymentMatch> {
    const records = PAYMENT_KINDS[kind];
    const [look] = await rows(
      manager,
      firstLookStatement(kind, payer)(transfer.transaction_id, transfer.sender, transfer.memo, transfer.block_number, transfer.block_time),
    );
    if (look.paid_again) return { unmatched: UnmatchedReasons.paidAgainWhilePending };
    if (look.credited_id !== null) return { matched: `${records.reference}:${look.credited_id}` };
    const owed = await terms(manager);
    if ('unmatched' in owed) return owed;
    const verdict = matchPayment(recordedPayment(transfer), {
      kind,
      gameAccount: this.config.GAME_ACCOUNT,
      owedThousandths: owed.owedThousandths,
    });
    if ('mismatch' in verdict) return { unmatched: verdict.reason };
    let payerId: number | null = null;
    if (payer === 'read') payerId = look.payer_id;
    if (payer === 'locked') payerId = (await firstRow(manager, lockPayerStatement(transfer.sender)))?.id ?? null;
    if (payer !== 'any' && payerId === null) return { unmatched: records.stranger };

    const credited = await credit(manager, {
      paidThousandths: verdict.paidThousandths,
      payerId: payerId as Payer extends 'any' ? null : number,
    });
    if ('unmatched' in credited) return credited;
    const reference = `${records.reference}:${credited.id}`;
    await this.notifier.notifyEach(manager, reference, [{ ...credited.notification, playerId: credited.playerId } as NotificationEntry]);
    this.logger.log(`${reference} credited from the chain: ${credited.summary}`);
    return { matched: reference };
  }

  /** The pending reports of a transaction that pays for nothing end refused with the reason, for the player's screen. */
  private async refuseReports(manager: EntityManager, kind: PaymentKind, transactionId: string, reason: string): Promise<void> {
    const { table, refused } = PAYMENT_KINDS[kind];
    await rows(
      manager,
      db
        .updateTable(table)
        .set({ status: sql`${refused}`, error: reason, updated_at: this.clock.now() })
        .where('transaction_id', '=', transactionId)
        .where(sql<boolean>`status = 'pending'`),
    );
  }

  /** Refuses one report still pending; one the follower credited meanwhile stays credited. */
  private async refuseReport(kind: PaymentKind, reportId: number, reason: string): Promise<void> {
    const { table, refused, reference } = PAYMENT_KINDS[kind];
    await rows(
      this.dataSource.manager,
      db
        .updateTable(table)
        .set({ status: sql`${refused}`, error: reason, updated_at: this.clock.now() })
        .where('id', '=', reportId)
        .where(sql<boolean>`status = 'pending'`),
    );
    this.logger.warn(`${reference} report ${reportId} ${refused}: ${reason}`);
  }
}

/** What the pipeline reads of a transfer before its kind's terms, in one statement (`firstLookStatement`). */
interface FirstLook {
  paid_again: boolean;
  credited_id: number | null;
  payer_id: number | null;
}

const firstLooks = new Map<string, (...args: FirstLookArgs) => CompiledQuery<FirstLook>>();
type FirstLookArgs = [transactionId: string, sender: string, memo: string, blockNumber: number, blockTime: Date];

/**
 * The settlement's first statement for a transfer of a kind (compiled once per kind and payer rule: the chain follower
 * runs it for every payment it credits), which:
 * - drops the engine lag's note of the transaction (`payments_in_block`): Hive Engine has processed it, whatever it
 *   pays for;
 * - `paid_again`, for a kind that refuses a repeat: whether an earlier payment of the sender's with the same memo was
 *   still unconfirmed when this one was made (at its block's time): the player paid again while waiting (Hive Engine
 *   behind), and gets this one back rather than the purchase twice. Settled in chain order, the earlier one is credited
 *   by now; a credited transfer is never updated after its settlement;
 * - `credited_id`: the record of the kind that already credited this transaction, if any;
 * - `payer_id`, for a payer read without a lock: the sender's player (a payer held under a lock is read after the
 *   kind's terms, `lockPayerStatement`, so that a payment refused by its terms holds no player).
 */
function firstLookStatement(kind: PaymentKind, payer: PayerRule): (...args: FirstLookArgs) => CompiledQuery<FirstLook> {
  const key = `${kind}:${payer}`;
  let statement = firstLooks.get(key);
  if (!statement) {
    const { table, credited, refusesRepeatWhilePending } = PAYMENT_KINDS[kind];
    statement = compiledOnce(
      (transactionId: string, sender: string, memo: string, blockNumber: number, blockTime: Date) =>
        sql<FirstLook>`WITH engine_processed AS (DELETE FROM payments_in_block WHERE transaction_id = ${transactionId})
          SELECT ${
            refusesRepeatWhilePending
              ? sql`EXISTS (SELECT 1 FROM chain_transfers WHERE sender = ${sender} AND memo = ${memo} AND status = 'credited'
                  AND block_number <= ${blockNumber} AND transaction_id <> ${transactionId}
                  AND updated_at > ${blockTime}::timestamptz + make_interval(secs => ${PENDING_MARGIN_SECONDS}))`
              : sql`false`
          } AS paid_again,
          (SELECT id FROM ${sql.table(table)} WHERE transaction_id = ${transactionId} AND status = ${credited} LIMIT 1) AS credited_id,
          ${payer === 'read' ? sql`(SELECT id FROM players WHERE hive_username = ${sender})` : sql`NULL::bigint`} AS payer_id`,
    );
    firstLooks.set(key, statement);
  }
  return statement;
}

/** The sender's player id, held for the rest of the transaction (a payer decided under a lock). */
const lockPayerStatement = compiledOnce((username: string) =>
  db.selectFrom('players').select('id').where('hive_username', '=', username).forNoKeyUpdate(),
);
