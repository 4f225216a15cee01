import axios from 'axios';
import { ApiRoutes, ChainTransferNotes } from '@runik/contract';
import type { ChainTransfersResponse, DepositCheckResponse, TransactionStatusResponse } from '@runik/contract';
import { REFUND_MINIMUM_QUANTITY, REFUNDS_PER_SENDER_PER_DAY } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { newCityPlayer, reportRegistration } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { payRegistration, sendToken, setHiveEngine, uniqueUsername } from '../support/hive';
import { buyWithHive, payForPacks, purchaseStatus } from '../support/packs';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * What the operators and the players are told about payments that wait (issue 47, item 8): a held refund
 * says until when its sender's daily count holds it, dust says it is under the refund minimum, and a report
 * while Hive Engine lags says the payment is in a block and waiting for Hive Engine. The refund "day" is
 * 10 minutes here (REFUND_COUNT_WINDOW_MS), longer than the test.
 */
const DAY_MS = 600_000;
let stack: Stack;
beforeAll(async () => (stack = await startStack({ engineDelayMs: 100, extraEnv: { REFUND_COUNT_WINDOW_MS: String(DAY_MS) } })));
afterAll(() => stack?.stop());

/** The settlement's reason for a SWAP.HIVE memo it does not know (UnmatchedReasons.unknownMemo). */
const UNKNOWN_MEMO = 'A SWAP.HIVE memo the game does not know';

const ops = () =>
  axios.create({ baseURL: stack.apiUrl, auth: { username: 'admin', password: BULL_BOARD_PASSWORD }, validateStatus: () => true });
const listed = async (status: string) =>
  (await ops().get<ChainTransfersResponse>(ApiRoutes.adminChainTransfers, { params: { status, limit: 500 } })).data.transfers;

describe("the operators' chain transfers", () => {
  it("say until when a refund is held by its sender's daily count, and that dust under the minimum is kept", async () => {
    const sender = uniqueUsername('held');
    const transactions: string[] = [];
    for (let sent = 0; sent <= REFUNDS_PER_SENDER_PER_DAY; sent++)
      transactions.push(await sendToken(stack.simUrl, sender, GAME_ACCOUNT, 'SWAP.HIVE', REFUND_MINIMUM_QUANTITY, 'nothing'));
    const dustTx = await sendToken(stack.simUrl, sender, GAME_ACCOUNT, 'SWAP.HIVE', '0.00000001', 'nothing');

    // Ten refunds signed, the eleventh held.
    const rows = await eventually(
      () =>
        queryDatabase<{ transaction_id: string; status: string; refund_started_at: Date | null }>(
          stack.database.url,
          `SELECT transaction_id, status, refund_started_at FROM chain_transfers WHERE sender = $1 AND status <> 'dust' ORDER BY block_number, transaction_id`,
          [sender],
        ),
      (found) => found.length === transactions.length && found.filter((row) => row.refund_started_at !== null).length === 10,
      60_000,
    );
    const held = rows.find((row) => row.refund_started_at === null)!;
    expect(held.status).toBe('unmatched');
    // Free again once the first of the ten leaves the day.
    const firstSigned = Math.min(...rows.filter((row) => row.refund_started_at).map((row) => new Date(row.refund_started_at!).getTime()));
    const heldUntil = new Date(firstSigned + DAY_MS).toISOString();

    const heldView = (await listed('unmatched')).find((transfer) => transfer.transactionId === held.transaction_id);
    expect(heldView).toMatchObject({ sender, reason: UNKNOWN_MEMO, heldUntil, note: ChainTransferNotes.held(heldUntil) });
    expect(heldView!.note).toMatch(
      /^held: daily refund limit for this sender \(10 a day\) until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC at the earliest$/,
    );

    const dust = await eventually(
      async () => (await listed('dust')).find((transfer) => transfer.transactionId === dustTx),
      (found) => found !== undefined,
      30_000,
    );
    expect(dust).toMatchObject({ sender, reason: UNKNOWN_MEMO, heldUntil: null });
    expect(dust!.note).toBe('kept: dust under the 0.01 minimum refund, not sent back');
    // The refunded ones say nothing more.
    const refunded = await listed('refunded');
    for (const transfer of refunded.filter((row) => row.sender === sender)) expect(transfer.note).toBeNull();
  }, 120_000);
});

describe('a report while Hive Engine lags', () => {
  it('says the payment is in a block and waiting for Hive Engine, then seen and credited once Hive Engine processes it', async () => {
    const depositor = await newCityPlayer(stack, 'lagn');
    const buyer = await newCityPlayer(stack, 'lagn');
    const newcomer = uniqueUsername('lagn');
    await setHiveEngine(stack.simUrl, { lagMs: 20_000 });
    try {
      const depositTx = await sendToken(stack.simUrl, depositor.username, GAME_ACCOUNT, 'RNK', '2.000', 'deposit');
      expect((await depositor.api.post(ApiRoutes.depositInit(depositor.username), { amount: 2, txId: depositTx })).status).toBe(200);
      const registrationTx = await payRegistration(stack.simUrl, newcomer, '40.000');
      expect((await reportRegistration(stack, newcomer, registrationTx)).status).toBe(200);
      // A pack purchase too: every kind's report waits for Hive Engine through the one payment pipeline.
      const packTx = await payForPacks(stack, buyer, 1);
      const bought = await buyWithHive(buyer, 1, packTx);
      expect(bought.status).toBe(200);
      const purchaseId: number = bought.data.packPurchaseId;

      const check = async () =>
        (await depositor.api.get<DepositCheckResponse>(ApiRoutes.depositCheck(depositTx, depositor.username, '2'))).data;
      const status = async () =>
        (await apiClient(stack.apiUrl).get<TransactionStatusResponse>(ApiRoutes.transactionStatus(registrationTx))).data;
      const waiting = { error: null, seenOnChain: false, awaitingHiveEngine: true };
      expect(await eventually(check, (answer) => answer.awaitingHiveEngine, 15_000)).toEqual({ status: 'pending', ...waiting });
      expect(await eventually(status, (answer) => answer.awaitingHiveEngine, 15_000)).toEqual({ status: 'pending', ...waiting });
      const pack = () => purchaseStatus(buyer, purchaseId);
      expect(await eventually(pack, (answer) => answer.awaitingHiveEngine, 15_000)).toMatchObject({ status: 'pending', ...waiting });

      await setHiveEngine(stack.simUrl, { lagMs: 100 });
      const done = { error: null, seenOnChain: true, awaitingHiveEngine: false };
      expect(await eventually(check, (answer) => answer.status === 'completed', 60_000)).toEqual({ status: 'completed', ...done });
      expect(await eventually(status, (answer) => answer.status === 'confirmed', 60_000)).toEqual({ status: 'confirmed', ...done });
      expect(await eventually(pack, (answer) => answer.status === 'confirmed', 60_000)).toMatchObject({ status: 'confirmed', ...done });
      // Whichever saw each payment first, its report's job on Hive Engine or the follower's credit, dropped its note.
      const notes = await queryDatabase(stack.database.url, `SELECT transaction_id FROM payments_in_block WHERE transaction_id = ANY($1)`, [
        [depositTx, registrationTx, packTx],
      ]);
      expect(notes).toEqual([]);
    } finally {
      await setHiveEngine(stack.simUrl, { lagMs: 100 });
    }
  }, 120_000);
});
