import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';
import { sql, Selectable } from 'kysely';
import type { Balances } from '../core/database/schema';
import { compiledOnce, rows, sendAhead } from '../core/database/sql';
import type { LedgerReason } from '@runik/contract';
import { Asset } from './ledger.types';

/** One leg of a posting, resolved to its account, as written to `balances` and `ledger_entries`. */
export interface LegWrite {
  accountId: number;
  asset: Asset;
  delta: number;
  allowNegative: boolean;
  system: boolean;
  postingId: string;
  reason: LedgerReason;
  reference: string | null;
  at: Date;
}

/**
 * Writes legs in one statement: one balance change per row (the sum of its legs), rows taken in the
 * order their first leg is given (the caller's lock order), then one entry per leg, each with the
 * balance after it (the row's new amount less the legs that come after it). A row that would go
 * below zero, where it may not, changes nothing and records no entry. Returns the rows changed, as
 * `accountId|asset`.
 *
 * PostgreSQL checks a row's CHECK constraint before it finds the conflict, so a debit that must not
 * overdraw proposes 0 (its delta comes from `totals` in the update), and is proposed only where its
 * row exists (rows are never deleted): without a row there is nothing to debit.
 */
export async function writeLegs(manager: EntityManager, legs: LegWrite[]): Promise<Set<string>> {
  const changed = await rows(manager, legsStatement(legs));
  return new Set(changed.map((row) => rowKey(row.account_id, row.asset)));
}

function legsStatement(legs: LegWrite[]) {
  const column = <K extends keyof LegWrite>(key: K) => legs.map((leg) => leg[key]);
  return (writeLegsStatements[legs.length - 1] ?? writeManyLegsStatement)(
    column('accountId'),
    column('asset'),
    column('delta'),
    column('allowNegative'),
    column('postingId'),
    column('reason'),
    column('reference'),
    column('at'),
  );
}

/**
 * The postings' statement (each column of the legs one array parameter), compiled once for each count of legs up to
 * MOST_COUNTED_LEGS, that count written into its SQL as the legs' LIMIT: the arrays hold exactly that many legs, so
 * the LIMIT cuts nothing, and it tells PostgreSQL how many there are. Without it an array parameter's unnest is costed
 * at ten rows, the plan made once for the statement looked several times dearer than one made for each call's two or
 * three legs, and every posting was planned again (about 0.28 ms of PostgreSQL's CPU each time, twice in a purchase
 * that cost it 2.1 ms in all: docs/benchmarks.md, "The ledger's legs planned once"). Postings of more legs share one statement without a LIMIT.
 */
const MOST_COUNTED_LEGS = 12;
const writeLegsStatementOf = (count: number | null) =>
  compiledOnce(
    (
      accountIds: number[],
      assets: Asset[],
      deltas: number[],
      allowNegatives: boolean[],
      postingIds: string[],
      reasons: LedgerReason[],
      references: (string | null)[],
      ats: Date[],
    ) =>
      sql<Pick<Selectable<Balances>, 'account_id' | 'asset'>>`WITH legs AS (
         SELECT * FROM unnest(${accountIds}::bigint[], ${assets}::text[], ${deltas}::bigint[], ${allowNegatives}::boolean[], ${postingIds}::uuid[], ${reasons}::text[], ${references}::text[], ${ats}::timestamptz[])
           WITH ORDINALITY AS leg (account_id, asset, delta, allow_negative, posting_id, reason, reference, created_at, position)
           ${count === null ? sql`` : sql`LIMIT ${sql.lit(count)}`}),
       sums AS (
         SELECT account_id, asset, sum(delta) AS delta, bool_or(allow_negative) AS allow_negative, min(position) AS first FROM legs GROUP BY account_id, asset),
       totals AS (SELECT *, delta < 0 AND NOT allow_negative AS checked FROM sums),
       changed AS (
         INSERT INTO balances (account_id, asset, amount, allow_negative)
         SELECT account_id, asset, CASE WHEN checked THEN 0 ELSE delta END, allow_negative FROM totals t
          WHERE NOT checked OR EXISTS (SELECT 1 FROM balances b WHERE b.account_id = t.account_id AND b.asset = t.asset)
          ORDER BY t.first
         ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + (SELECT delta FROM totals t WHERE t.account_id = EXCLUDED.account_id AND t.asset = EXCLUDED.asset)
          WHERE balances.allow_negative OR balances.amount + (SELECT delta FROM totals t WHERE t.account_id = EXCLUDED.account_id AND t.asset = EXCLUDED.asset) >= 0
         RETURNING account_id, asset, amount)
       INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
       SELECT l.posting_id, l.account_id, l.asset, l.delta,
              c.amount - coalesce(sum(l.delta) OVER (PARTITION BY l.account_id, l.asset ORDER BY l.position ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0),
              l.reason, l.reference, l.created_at
         FROM legs l JOIN changed c ON c.account_id = l.account_id AND c.asset = l.asset
        ORDER BY l.position
       RETURNING account_id, asset`,
  );
/** By count of legs less one. */
const writeLegsStatements = Array.from({ length: MOST_COUNTED_LEGS }, (_, index) => writeLegsStatementOf(index + 1));
const writeManyLegsStatement = writeLegsStatementOf(null);

export function rowKey(accountId: number, asset: string): string {
  return `${accountId}|${asset}`;
}

const PENDING = 'runik:pendingSystemLegs';
const FAILED = 'runik:deferredLegsFailed';

/**
 * Every posting shares the system accounts' balance rows (the mint above all), so whoever holds one
 * makes every other money action wait. Inside a transaction their legs are therefore written in one
 * statement just before COMMIT, in the postings' lock order (players' rows, then the system's, each
 * in key order), and COMMIT is sent right behind it, without waiting for its answer (the connection
 * pipelines: data-source.ts): each row is held for PostgreSQL's own work on the two, not also across
 * a round trip to a busy api. Only legs that cannot fail are deferred: credits, and debits of accounts
 * that may go negative; players' credits only for a posting that asks (`deferCredits`).
 */
export function deferLegs(runner: QueryRunner, legs: LegWrite[]): void {
  if (!flushers.has(runner.connection)) {
    // First: a commit whose legs failed must be refused before any other subscriber hears of it (NotificationPush).
    runner.connection.subscribers.unshift(flusher);
    flushers.add(runner.connection);
  }
  const data = runner.data as Record<string, LegWrite[] | undefined>;
  (data[PENDING] ??= []).push(...legs);
}

/** The pending legs, in lock order; a stable sort, so each row's legs keep the order they were posted in. */
function takePending(runner: QueryRunner): LegWrite[] {
  const data = runner.data as Record<string, LegWrite[] | undefined>;
  const legs = data[PENDING] ?? [];
  delete data[PENDING];
  return legs.sort((a, b) => Number(a.system) - Number(b.system) || a.accountId - b.accountId || a.asset.localeCompare(b.asset));
}

async function flush(runner: QueryRunner): Promise<void> {
  const legs = takePending(runner);
  if (legs.length > 0) await writeLegs(runner.manager, legs);
}

/** Whether this commit ends the transaction; a savepoint's release (TypeORM's depth above 1, kept to itself) does not. */
function endsTransaction(runner: QueryRunner): boolean {
  return (runner as unknown as { transactionDepth: number }).transactionDepth === 1;
}

/**
 * Sends the pending legs with COMMIT, which TypeORM sends next, right behind them. Should they fail, PostgreSQL turns
 * that COMMIT into a ROLLBACK without an error: their failure, kept here, is thrown at `afterTransactionCommit`.
 */
async function sendBeforeCommit(runner: QueryRunner): Promise<void> {
  const legs = takePending(runner);
  if (legs.length > 0) await sendAhead(runner, legsStatement(legs), (error) => ((runner.data as Record<string, unknown>)[FAILED] = error));
}

const flushers = new WeakSet<DataSource>();

/**
 * Writes the pending legs at each commit (the transaction's with COMMIT right behind them, a savepoint's release
 * after them), and before a savepoint starts, so that rolling back to it drops only the legs posted after it. A
 * rollback drops the pending legs with the rest of its work.
 */
const flusher: EntitySubscriberInterface = {
  async beforeTransactionStart(event: TransactionStartEvent): Promise<void> {
    if (event.queryRunner.isTransactionActive) await flush(event.queryRunner);
  },
  beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    return endsTransaction(event.queryRunner) ? sendBeforeCommit(event.queryRunner) : flush(event.queryRunner);
  },
  afterTransactionCommit(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as Record<string, unknown>;
    const failed = data[FAILED];
    delete data[FAILED];
    // Thrown, not returned as a promise: TypeORM then calls no later subscriber, and the transaction throws it.
    if (failed) throw failed;
  },
  beforeTransactionRollback(event: TransactionRollbackEvent): void {
    takePending(event.queryRunner);
  },
};
