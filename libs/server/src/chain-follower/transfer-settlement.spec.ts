import { UnmatchedReasons } from '../chain/chain-transfers';
import type { GameAccountTransfers } from '../chain/game-account-transfers';
import type { HiveEngineClient } from '../chain/hive-engine.client';
import type { HiveNodeClient } from '../chain/hive-node.client';
import type { PackJobs } from '../packs/packs.jobs';
import { PaymentPipeline } from '../payments/payment-pipeline';
import type { RegistrationJobs } from '../registration/registration.jobs';
import type { ShopJobs } from '../shop/shop.jobs';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { testNotifier } from '../testing/test-notifier';
import { DepositJobs } from '../wallet/deposit.jobs';
import { TransferSettlement } from './transfer-settlement';

// A transaction pays for one thing: the settlement locks a pass's transfers together and credits them in chain order,
// so a second transfer of a transaction goes back whether the first was credited in an earlier pass or in this one.

const clock = new TestClock('2026-03-01T10:00:00Z');
let t: ServiceTest;
let settlement: TransferSettlement;

beforeAll(async () => {
  t = await createServiceTest({ clock });
  // Deposits only: the chain's clients and the other kinds are never reached.
  const pipeline = new PaymentPipeline(t.dataSource, t.config, {} as HiveEngineClient, {} as HiveNodeClient, testNotifier(clock), clock);
  settlement = new TransferSettlement(
    t.dataSource,
    new DepositJobs(pipeline, t.ledger, clock),
    {} as RegistrationJobs,
    {} as PackJobs,
    {} as ShopJobs,
    {} as GameAccountTransfers,
    clock,
    t.config,
  );
});
afterAll(() => t?.close());

let serial = 0;
const unique = (prefix: string) => `${prefix}${++serial}`;

/** A recorded RNK transfer of 2.000 to the game account, waiting to be settled. */
async function recordDeposit(transactionId: string, logIndex: number, sender: string): Promise<void> {
  await t.dataSource.query(
    `INSERT INTO chain_transfers (transaction_id, log_index, block_number, block_time, sender, recipient, symbol, quantity, memo, status, recorded_at, updated_at)
     VALUES ($1, $2, 100, $3, $4, $5, 'RNK', '2.000', 'deposit', 'waiting', $3, $3)`,
    [transactionId, logIndex, clock.now(), sender, t.config.GAME_ACCOUNT],
  );
}

async function settled(transactionId: string): Promise<{ log_index: number; status: string; reason: string | null }[]> {
  return t.dataSource.query(`SELECT log_index, status, reason FROM chain_transfers WHERE transaction_id = $1 ORDER BY log_index`, [
    transactionId,
  ]);
}

/** The transaction's first transfer credited (2.000 RUNIK to its sender), its second to be sent back. */
async function expectFirstCreditedSecondSentBack(transactionId: string, playerId: number): Promise<void> {
  expect(await settled(transactionId)).toEqual([
    { log_index: 0, status: 'credited', reason: null },
    { log_index: 1, status: 'unmatched', reason: UnmatchedReasons.twice },
  ]);
  expect((await t.ledger.balancesOf(t.dataSource.manager, playerId)).runik).toBe(2000);
}

describe('the settlement of a transaction with two transfers to the game', () => {
  it('credits the first and sends the second back when both are settled in one pass', async () => {
    const username = unique('two');
    const playerId = await t.newPlayer(username);
    const transactionId = unique('tx-two-');
    await recordDeposit(transactionId, 0, username);
    await recordDeposit(transactionId, 1, username);

    await settlement.matchWaiting();

    await expectFirstCreditedSecondSentBack(transactionId, playerId);
  });

  it('sends the second back when the first was credited in an earlier pass', async () => {
    const username = unique('later');
    const playerId = await t.newPlayer(username);
    const transactionId = unique('tx-later-');
    await recordDeposit(transactionId, 0, username);
    await settlement.matchWaiting();
    await recordDeposit(transactionId, 1, username);

    await settlement.matchWaiting();

    await expectFirstCreditedSecondSentBack(transactionId, playerId);
  });
});
