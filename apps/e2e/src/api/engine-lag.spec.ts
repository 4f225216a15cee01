import { ApiRoutes, packPaymentMemo } from '@runik/contract';
import { cityOf, grant, newCityPlayer, newPaidCityPlayer, reportRegistration, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { engineBalance, payRegistration, sendToken, setHiveEngine, uniqueUsername } from '../support/hive';
import { apiClient } from '../support/api-client';
import { buyWithHive, hivePrice, purchaseStatus } from '../support/packs';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';
import { paySwapHive, sleep } from '../support/swap-hive';

/**
 * Hive Engine far behind, then down for longer than any job's retries, while players withdraw,
 * deposit, register and buy. Measured before: while Hive Engine was 200 s behind one withdrawal was
 * paid three times, and an outage longer than a job's retries left payments pending for good.
 * Scaled to test time: transactions expire after 3 s (mainnet: 60 s), so a lag of 20 s is far past
 * it as 200 s is on mainnet, and the outage (60 s) outlasts the deposit and SWAP.HIVE jobs' windows
 * (15 s here) as 15 minutes outlast mainnet's.
 */
let stack: Stack;
beforeAll(
  async () =>
    (stack = await startStack({
      engineDelayMs: 100,
      extraEnv: {
        HIVE_TRANSACTION_LIFETIME_MS: '3000',
        DEPOSIT_CONFIRMATION_WINDOW_MS: '15000',
        SWAP_HIVE_CONFIRMATION_WINDOW_MS: '15000',
      },
    })),
);
afterAll(() => stack?.stop());

const LAG_MS = 20_000;
const OUTAGE_MS = 60_000;
const setEngine = (settings: { lagMs?: number; down?: boolean }) => setHiveEngine(stack.simUrl, settings);

describe('Hive Engine lagging, then down', () => {
  it('sends each withdrawal once and credits each payment once when Hive Engine processes it, refunding nothing paid out', async () => {
    const withdrawer = await newPaidCityPlayer(stack, 'lagw');
    await grant(stack, withdrawer, 'runik', 1_000);
    const depositor = await newCityPlayer(stack, 'lagd');
    const buyer = await newCityPlayer(stack, 'lagp');
    const newcomer = uniqueUsername('lagr');
    const rnkBefore = Number(await engineBalance(stack.simUrl, withdrawer.username, 'RNK'));

    await setEngine({ lagMs: LAG_MS });
    expect((await withdrawer.api.post(ApiRoutes.withdraw(withdrawer.username), { amount: 1 })).status).toBe(200);
    const depositTx = await sendToken(stack.simUrl, depositor.username, GAME_ACCOUNT, 'RNK', '2.000', 'deposit');
    expect((await depositor.api.post(ApiRoutes.depositInit(depositor.username), { amount: 2, txId: depositTx })).status).toBe(200);
    const registrationTx = await payRegistration(stack.simUrl, newcomer, '40.000');
    expect((await reportRegistration(stack, newcomer, registrationTx)).status).toBe(200);
    const packTx = await paySwapHive(stack, buyer.username, hivePrice(1), packPaymentMemo(buyer.username, 1));

    // Long past every transaction's expiry, Hive Engine still behind; then down altogether.
    await sleep(LAG_MS / 2);
    await setEngine({ down: true });
    await sleep(OUTAGE_MS);
    const whileDown = await depositor.api.get(ApiRoutes.depositCheck(depositTx, depositor.username, '2'));
    expect(whileDown.status).toBeLessThan(500);
    await setEngine({ down: false, lagMs: 100 });

    // Each payment credited once, once Hive Engine processed it.
    expect(
      await eventually(
        async () => (await cityOf(depositor)).resources.runik,
        (runik) => runik === 2,
        60_000,
      ),
    ).toBe(2);
    const credited = await eventually(
      () =>
        queryDatabase<{ transaction_id: string; status: string }>(
          stack.database.url,
          `SELECT transaction_id, status FROM chain_transfers WHERE transaction_id = ANY($1) ORDER BY transaction_id`,
          [[depositTx, registrationTx, packTx]],
        ),
      (rows) => rows.length === 3 && rows.every((row) => row.status === 'credited'),
      60_000,
    );
    expect(credited.map((row) => row.status)).toEqual(['credited', 'credited', 'credited']);
    expect(await queryDatabase(stack.database.url, `SELECT 1 FROM players WHERE hive_username = $1`, [newcomer])).toHaveLength(1);
    expect(await queryDatabase(stack.database.url, `SELECT status FROM pack_purchases WHERE transaction_id = $1`, [packTx])).toEqual([
      { status: 'confirmed' },
    ]);

    // The withdrawal's RNK arrived exactly once: one transfer out with its memo, never refunded.
    const withdrawal = await settledWithdrawal(stack, withdrawer);
    expect(withdrawal.status).toBe('completed');
    expect(Number(await engineBalance(stack.simUrl, withdrawer.username, 'RNK'))).toBe(rnkBefore + 1);
    const sentOut = await queryDatabase(stack.database.url, `SELECT 1 FROM chain_transfers WHERE status = 'outgoing' AND memo = $1`, [
      `runik-withdrawal:${withdrawal.id}`,
    ]);
    expect(sentOut).toHaveLength(1);
    expect(await queryDatabase(stack.database.url, `SELECT 1 FROM chain_transfers WHERE status IN ('unmatched', 'refunded')`)).toEqual([]);
  }, 300_000);

  it('keeps registration, pack and deposit reports pending while Hive Engine is behind their windows, confirms each once, and refunds a pack paid again meanwhile', async () => {
    // Longer than every report's window here: 15 s (deposit, SWAP.HIVE), 20 s (registration: 40 looks 0.5 s apart).
    const lagMs = 30_000;
    const depositor = await newCityPlayer(stack, 'pndd');
    const buyer = await newCityPlayer(stack, 'pndp');
    const newcomer = uniqueUsername('pndr');
    await setEngine({ lagMs });

    const depositTx = await sendToken(stack.simUrl, depositor.username, GAME_ACCOUNT, 'RNK', '2.000', 'deposit');
    expect((await depositor.api.post(ApiRoutes.depositInit(depositor.username), { amount: 2, txId: depositTx })).status).toBe(200);
    const registrationTx = await payRegistration(stack.simUrl, newcomer, '40.000');
    expect((await reportRegistration(stack, newcomer, registrationTx)).status).toBe(200);
    const packTx = await paySwapHive(stack, buyer.username, hivePrice(1), packPaymentMemo(buyer.username, 1));
    const report = await buyWithHive(buyer, 1, packTx);
    expect(report.status).toBe(200);
    const packPurchaseId: number = report.data.packPurchaseId;
    // The player pays again with the same memo while the first payment waits (the web stopped following it before).
    const againTx = await paySwapHive(stack, buyer.username, hivePrice(1), packPaymentMemo(buyer.username, 1));

    // Every status the reports show while Hive Engine is behind, as the screens poll them.
    const anonymous = apiClient(stack.apiUrl);
    const seen = { deposit: new Set<string>(), registration: new Set<string>(), pack: new Set<string>() };
    const lookAll = async () => {
      seen.deposit.add((await depositor.api.get(ApiRoutes.depositCheck(depositTx, depositor.username, '2'))).data.status);
      seen.registration.add((await anonymous.get(ApiRoutes.transactionStatus(registrationTx))).data.status);
      seen.pack.add((await purchaseStatus(buyer, packPurchaseId)).status);
    };
    const lagEnds = Date.now() + lagMs - 2_000;
    while (Date.now() < lagEnds) {
      await lookAll();
      await sleep(1_000);
    }
    expect(seen).toEqual({ deposit: new Set(['pending']), registration: new Set(['pending']), pack: new Set(['pending']) });
    await setEngine({ lagMs: 100 });

    // Then each confirmed, once; the second pack payment goes back instead of a second purchase.
    expect(
      await eventually(
        async () => (await cityOf(depositor)).resources.runik,
        (runik) => runik === 2,
        60_000,
      ),
    ).toBe(2);
    const confirmed = await eventually(
      async () => ({
        registration: (await anonymous.get(ApiRoutes.transactionStatus(registrationTx))).data.status,
        pack: (await purchaseStatus(buyer, packPurchaseId)).status,
      }),
      (statuses) => statuses.registration === 'confirmed' && statuses.pack === 'confirmed',
      60_000,
    );
    expect(confirmed).toEqual({ registration: 'confirmed', pack: 'confirmed' });
    const paidAgain = await eventually(
      () =>
        queryDatabase<{ status: string; reason: string }>(
          stack.database.url,
          `SELECT status, reason FROM chain_transfers WHERE transaction_id = $1`,
          [againTx],
        ),
      (rows) => rows[0]?.status === 'refunded',
      60_000,
    );
    expect(paidAgain).toEqual([{ status: 'refunded', reason: 'A second payment with the memo of one still being confirmed' }]);
    expect(await queryDatabase(stack.database.url, `SELECT status FROM pack_purchases WHERE player_id = $1`, [buyer.playerId])).toEqual([
      { status: 'confirmed' },
    ]);
    expect(await queryDatabase(stack.database.url, `SELECT status FROM deposits WHERE transaction_id = $1`, [depositTx])).toEqual([
      { status: 'completed' },
    ]);
    expect(await queryDatabase(stack.database.url, `SELECT status FROM registrations WHERE transaction_id = $1`, [registrationTx])).toEqual(
      [{ status: 'confirmed' }],
    );
  }, 240_000);
});
