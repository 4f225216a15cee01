import { LedgerJobs } from '@runik/server/queues';
import { ShopMessages, SwapHiveMessages } from '@runik/contract';
import { eventually, liveConnected, useBrowserStack, waitForDevWallet, withTimeout } from '../support/browser';
import { newCityPlayer } from '../support/city';
import { setHiveEngine } from '../support/hive';
import { shopPurchaseRows } from '../support/shop';
import { ENGINE_DELAY_MS } from '../support/stack';
import { ledgerQueue } from '../support/swap-hive';

/**
 * A shop payment Hive Engine is late with, in Chromium against the real stack: Hive Engine processes it only after
 * the screen's 2-minute timeout and the worker's confirmation window. Measured before: the report turned invalid and
 * the screen stopped following it, so players paid again. Now the screen says the spec's "waiting", then its timeout
 * message, and shows the purchase confirmed when the game pushes it.
 *
 * Neither wait is spent in real time: the page's clock is Playwright's (its 2 minutes pass at once), and the worker
 * of this file's own stack (ninety ports above the defaults) gives up after 5 s instead of 2 minutes. Hive Engine is
 * held back until both have given up, so the order is the one the test is about however slow the machine.
 */
const WORKER_WINDOW_MS = 5_000;
const browser = useBrowserStack(90, 'LATE_PAYMENT', { SWAP_HIVE_CONFIRMATION_WINDOW_MS: String(WORKER_WINDOW_MS) });
const stack = () => browser.current().stack;
/** Longer than the test: Hive Engine processes nothing new until the test lets it. */
const HELD_BACK_MS = 600_000;
const setEngineLag = (lagMs: number) => setHiveEngine(stack().simUrl, { lagMs });

browser.test(
  'a shop payment Hive Engine is late with: waiting, the timeout message, then confirmed when the credit is pushed',
  async (page) => {
    const player = await newCityPlayer(stack(), 'late');
    await page.clock.install();
    await browser.openAs(page, player.username, '/syncshop');
    await waitForDevWallet(page);
    const feedback = page.getByTestId('shop-feedback');

    await setEngineLag(HELD_BACK_MS);
    try {
      await page.getByTestId('shop-item-resource-crate').getByRole('button', { name: 'Buy' }).click();
      await feedback.filter({ hasText: SwapHiveMessages.paymentSent }).waitFor({ timeout: 30_000 });
      // The screen's 2 minutes of polling pass on its clock. Its live connection misses the server's pings in that
      // jump and connects again: the confirmation is pushed on the new connection.
      const reconnected = liveConnected(page);
      await page.clock.fastForward('02:05');
      await feedback.filter({ hasText: SwapHiveMessages.timedOut }).waitFor();
      await withTimeout(reconnected, 30_000, 'the live connection after the clock jumped');

      // The worker's window ends too: its confirmation job, retried until then, ends on its last attempt without
      // deciding (the transaction is in a Hive block), and the purchase stays pending, never invalid.
      const [{ id }] = await shopPurchaseRows(stack(), player);
      const queue = ledgerQueue(stack());
      try {
        await eventually(async () => {
          const job = await queue.getJob(`shop-purchase-${id}`);
          expect(job?.name).toBe(LedgerJobs.confirmShopPurchase);
          expect(await job?.isCompleted()).toBe(true);
        }, WORKER_WINDOW_MS + 30_000);
      } finally {
        await queue.close();
      }
      expect((await shopPurchaseRows(stack(), player)).map((row) => row.status)).toEqual(['pending']);
    } finally {
      await setEngineLag(ENGINE_DELAY_MS);
    }

    // Hive Engine catches up: the follower confirms the purchase and the push reaches the open screen.
    await feedback.filter({ hasText: ShopMessages.confirmed }).waitFor({ timeout: 60_000 });
    expect(await feedback.filter({ hasText: SwapHiveMessages.timedOut }).count()).toBe(0);
    expect((await shopPurchaseRows(stack(), player)).map((row) => row.status)).toEqual(['confirmed']);
  },
);
