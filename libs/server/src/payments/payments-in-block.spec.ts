import { paymentProgress } from '../chain/chain-transfers';
import type { IncomingTransfer } from '../chain/chain-transfers';
import type { EngineTransaction, HiveEngineClient } from '../chain/hive-engine.client';
import type { HiveNodeClient, HiveTransactionStatus } from '../chain/hive-node.client';
import type { PaymentKind } from '../chain/payment-matcher';
import { RetryLater } from '../core/queues/queues';
import { packPrice } from '../packs/pack-purchases';
import { PackJobs } from '../packs/packs.jobs';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { testNotifier } from '../testing/test-notifier';
import { DepositJobs } from '../wallet/deposit.jobs';
import { PaymentPipeline } from './payment-pipeline';
import { PAYMENT_KINDS } from './payment-kinds';
import { FairRolls } from '../fairness/fair-rolls';

// Hive Engine lagging behind the Hive node (issue 47, item 8) in the one payment pipeline (issue 48): a report's job
// notes a transaction the node has in a block (`payments_in_block`, the status answers' `awaitingHiveEngine`), for
// every kind from `PaymentPipeline.checkReport`, and nothing leaves the note behind once Hive Engine has processed it.

const clock = new TestClock('2026-03-01T10:00:00Z');
const GAME = 'runik.game';
let t: ServiceTest;
/** What Hive Engine answers for any transaction (null: not processed yet). */
let engine: EngineTransaction | null = null;
/** What the Hive node says of any transaction. */
let nodeStatus: HiveTransactionStatus = 'within_reversible_block';
const hiveEngine = { transactionInfo: async () => engine } as unknown as HiveEngineClient;
const hiveNode = { engineTransactionStatus: async () => nodeStatus } as unknown as HiveNodeClient;
let pipeline: PaymentPipeline;
let deposits: DepositJobs;
let packs: PackJobs;

beforeAll(async () => {
  t = await createServiceTest({ clock });
  pipeline = new PaymentPipeline(t.dataSource, t.config, hiveEngine, hiveNode, testNotifier(clock), clock);
  deposits = new DepositJobs(pipeline, t.ledger, clock);
  packs = new PackJobs(pipeline, clock, new FairRolls(clock));
});
afterAll(() => t?.close());
beforeEach(() => {
  engine = null;
  nodeStatus = 'within_reversible_block';
});

let serial = 0;
const unique = (prefix: string) => `${prefix}${++serial}`;

/** A pending report of the kind by the player, of the transaction: its id. */
async function report(kind: PaymentKind, username: string, playerId: number, transactionId: string): Promise<number> {
  const now = clock.now();
  const inserts: Record<PaymentKind, [string, unknown[]]> = {
    registration: [
      `INSERT INTO registrations (transaction_id, hive_username, referrer, fee_offered_thousandths, fee_required_thousandths, status, created_at, updated_at)
       VALUES ($1, $2, 'runik.game', 40000, 40000, 'pending', $3, $3) RETURNING id`,
      [transactionId, username, now],
    ],
    deposit: [
      `INSERT INTO deposits (transaction_id, player_id, amount_thousandths, status, created_at, updated_at)
       VALUES ($1, $2, 2000, 'pending', $3, $3) RETURNING id`,
      [transactionId, playerId, now],
    ],
    pack: [
      `INSERT INTO pack_purchases (player_id, currency, pack_count, price_thousandths, tier, seed, status, transaction_id, created_at, updated_at)
       VALUES ($2, 'hive', 1, $4, 1, 1, 'pending', $1, $3, $3) RETURNING id`,
      [transactionId, playerId, now, packPrice('hive', 1)],
    ],
    shop: [
      `INSERT INTO shop_purchases (transaction_id, player_id, item_name, price_thousandths, purchase_count, status, created_at, updated_at)
       VALUES ($1, $2, 'anything', 1000, 1, 'pending', $3, $3) RETURNING id`,
      [transactionId, playerId, now],
    ],
  };
  const [statement, parameters] = inserts[kind];
  const [{ id }] = await t.dataSource.query(statement, parameters);
  return Number(id);
}

const noted = async (transactionId: string): Promise<boolean> =>
  (await t.dataSource.query(`SELECT 1 FROM payments_in_block WHERE transaction_id = $1`, [transactionId])).length > 0;
const statusOf = async (kind: PaymentKind, id: number): Promise<string> =>
  (await t.dataSource.query(`SELECT status FROM ${PAYMENT_KINDS[kind].table} WHERE id = $1`, [id]))[0].status;

/** A recorded transfer to the game account, as the settlement hands it to a kind's credit. */
function transfer(transactionId: string, sender: string, symbol: string, quantity: string, memo: string): IncomingTransfer {
  return {
    transaction_id: transactionId,
    log_index: 0,
    block_number: 100,
    block_time: clock.now(),
    sender,
    recipient: GAME,
    symbol,
    quantity,
    memo,
  };
}

/** The report's job's attempt (not its last): it asks again later. */
const attempt = (kind: PaymentKind, id: number) => expect(pipeline.checkReport(kind, id, false)).rejects.toBeInstanceOf(RetryLater);

describe('a report while Hive Engine lags', () => {
  it.each(['registration', 'deposit', 'pack', 'shop'] as PaymentKind[])(
    '(%s) is noted while the Hive node has it in a block, and the note goes when its job finds it on Hive Engine',
    async (kind) => {
      const username = unique('lag');
      const playerId = await t.newPlayer(username);
      const transactionId = unique('tx-lag-');
      const id = await report(kind, username, playerId, transactionId);
      const payer = kind === 'registration' ? { username } : { playerId };

      // Hive Engine has not processed it; the node does not have it yet either: nothing noted.
      nodeStatus = 'unknown';
      await attempt(kind, id);
      expect(await noted(transactionId)).toBe(false);
      nodeStatus = 'within_reversible_block';
      await attempt(kind, id);
      expect(await noted(transactionId)).toBe(true);
      expect(await paymentProgress(t.dataSource, transactionId, payer, 'pending')).toEqual({
        seenOnChain: false,
        awaitingHiveEngine: true,
      });
      // The last attempt gives up only on a transaction the node does not have: this one stays pending.
      await pipeline.checkReport(kind, id, true);
      expect(await statusOf(kind, id)).toBe('pending');

      // Hive Engine processed it (here not the reporter's payment: refused), so it no longer waits for Hive Engine.
      engine = {
        blockNumber: 100,
        transactionId,
        sender: username,
        contract: 'market',
        action: 'buy',
        payload: '{}',
        logs: '{}',
      };
      await pipeline.checkReport(kind, id, false);
      expect(await noted(transactionId)).toBe(false);
      expect(await statusOf(kind, id)).toBe(PAYMENT_KINDS[kind].refused);
    },
  );

  it('is not noted once the chain follower recorded its transfer (Hive Engine processed it)', async () => {
    const username = unique('rec');
    const playerId = await t.newPlayer(username);
    const transactionId = unique('tx-rec-');
    const id = await report('deposit', username, playerId, transactionId);
    await t.dataSource.query(
      `INSERT INTO chain_transfers (transaction_id, log_index, block_number, block_time, sender, recipient, symbol, quantity, memo, status, recorded_at, updated_at)
       VALUES ($1, 0, 100, $2, $3, $4, 'RNK', '2.000', 'deposit', 'waiting', $2, $2)`,
      [transactionId, clock.now(), username, GAME],
    );
    await attempt('deposit', id);
    expect(await noted(transactionId)).toBe(false);
  });
});

describe('a payment the chain follower credits before its report looks again', () => {
  it('leaves no note: the credit removes it in the settlement transaction (a deposit)', async () => {
    const username = unique('dep');
    const playerId = await t.newPlayer(username);
    const transactionId = unique('tx-dep-');
    const id = await report('deposit', username, playerId, transactionId);
    await attempt('deposit', id);
    expect(await noted(transactionId)).toBe(true);

    await t.dataSource.transaction(async (manager) => {
      expect(await deposits.credit(manager, transfer(transactionId, username, 'RNK', '2.000', 'deposit'))).toEqual({
        matched: `deposit:${id}`,
      });
      // Gone with the credit, in its transaction: still there for everyone else until it commits.
      expect((await manager.query(`SELECT 1 FROM payments_in_block WHERE transaction_id = $1`, [transactionId])).length).toBe(0);
      expect(await noted(transactionId)).toBe(true);
    });
    expect(await noted(transactionId)).toBe(false);
    expect(await statusOf('deposit', id)).toBe('completed');
    expect(await paymentProgress(t.dataSource, transactionId, { playerId }, 'credited')).toEqual({
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    // The report's job, looking again, finds it credited and does nothing.
    await pipeline.checkReport('deposit', id, false);
    expect(await noted(transactionId)).toBe(false);
  });

  it('leaves no note for a pack payment either, and one the settlement rolls back keeps it', async () => {
    const username = unique('pck');
    const playerId = await t.newPlayer(username);
    const transactionId = unique('tx-pck-');
    const id = await report('pack', username, playerId, transactionId);
    await attempt('pack', id);
    expect(await noted(transactionId)).toBe(true);
    const paid = transfer(transactionId, username, 'SWAP.HIVE', (packPrice('hive', 1) / 1000).toFixed(8), `runik-packs:${username}:1`);

    // A settlement that fails after the credit rolls the note's removal back with it.
    await expect(
      t.dataSource.transaction(async (manager) => {
        await packs.credit(manager, paid, { packCount: 1 });
        throw new Error('the settlement failed');
      }),
    ).rejects.toThrow('the settlement failed');
    expect(await noted(transactionId)).toBe(true);
    expect(await statusOf('pack', id)).toBe('pending');

    await t.dataSource.transaction(async (manager) => {
      expect(await packs.credit(manager, paid, { packCount: 1 })).toEqual({ matched: `pack-purchase:${id}` });
    });
    expect(await noted(transactionId)).toBe(false);
    expect(await statusOf('pack', id)).toBe('confirmed');
  });
});
