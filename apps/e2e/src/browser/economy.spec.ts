import axios from 'axios';
import type { Page } from 'playwright-core';
import { ApiRoutes, ledgerReasonLabel, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import { formatRunik, toThousandths } from '@runik/rules';
import type { EconomyResponse } from '@runik/contract';
import { eventually, useBrowserStack, withPage } from '../support/browser';
import { cityOf, grant, letTimePass, newCityPlayer, newPaidCityPlayer, type CityPlayer } from '../support/city';
import { sendToken } from '../support/hive';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT } from '../support/stack';

/**
 * The operators' economy page (/admin/economy) in Chromium against the real stack: after play that
 * mints, burns, buys resources, taxes and deposits, it shows the report's figures (what is owed and
 * held, SWAP.HIVE, today's emission budget, the withdrawal guard rails) and charts them, also on a
 * phone with each legend clear of its plot; without the ops credentials the page and its data are
 * refused. A stack of its own (eighty ports above the defaults), not its Jest worker's shared one: the report is
 * game-wide, and another file's payments still settling (a withdrawal) would move its figures while the page is read.
 */
const browser = useBrowserStack(80, 'ECONOMY');
const stack = () => browser.current().stack;
const baseUrl = () => browser.current().baseUrl;
const credentials = { username: 'admin', password: BULL_BOARD_PASSWORD };
const HOUR = 3_600_000;

/** The report as the api serves it to operators. */
async function economy(days: number): Promise<EconomyResponse> {
  const response = await axios.get<EconomyResponse>(`${baseUrl()}${ApiRoutes.adminEconomy}`, { params: { days }, auth: credentials });
  return response.data;
}

/** Amounts as the page shows them: the game's one format, 3 decimals ("5,009.575"). */
const shown = (amount: number) => formatRunik(toThousandths(amount));
/** SWAP.HIVE (8 decimals in the report) as the page shows it: 3 decimals, rounded down. */
const shownSwapHive = (amount: number) => formatRunik(Math.floor(Math.round(amount * 1e8) / 1e5));

/** Harvest and conversion (minted, taxed), a City Hall upgrade and RUNIK back to wheat (burned), a deposit. */
async function play(player: CityPlayer): Promise<void> {
  const post = (path: string, body?: unknown) => player.api.post(`/api/city/${path}/${player.username}`, body);
  await letTimePass(stack(), player, 2 * HOUR);
  expect((await post('harvest')).status).toBe(200);
  expect((await post('convert', { selectedResources: ['wheat', 'ore'], amount: 600 })).status).toBe(200);
  expect((await player.api.post(ApiRoutes.cityUpgrade(player.username, 'ch'))).status).toBe(200);
  expect((await post('convert-to-resources', { wheat: '5' })).status).toBe(200);
  const before = (await cityOf(player)).resources.runik;
  await sendToken(stack().simUrl, player.username, GAME_ACCOUNT, 'RNK', '2.500', '');
  await eventually(async () => expect((await cityOf(player)).resources.runik).toBe(before + 2.5), 30_000, 250);
}

/** The figures of one chart, read from the table its canvas holds (what screen readers get). */
async function chartSeries(page: Page, chart: string): Promise<Record<string, string[]>> {
  const series: Record<string, string[]> = {};
  for (const row of await page.getByRole('img', { name: chart }).locator('tbody tr').all()) {
    series[(await row.getAttribute('data-series')) ?? ''] = await row.locator('td').allTextContents();
  }
  return series;
}

/** How many of the chart's canvas pixels are painted: axes, legend and bars drawn. */
function paintedPixels(page: Page, chart: string): Promise<number> {
  return page.evaluate<number>(`(() => {
    const canvas = document.querySelector(${JSON.stringify(`canvas[aria-label="${chart}"]`)});
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] > 0) painted += 1;
    return painted;
  })()`);
}

/** A box Chart.js laid out, in CSS pixels of the canvas (EconomyCharts.tsx writes them on it). */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the chart's plot and legend were laid out, and the canvas's own size on the page. */
async function chartLayout(page: Page, chart: string): Promise<{ plot: Box; legend: Box; canvas: Box }> {
  const read = await page.evaluate<{ plot?: string; legend?: string; canvas: Box }>(`(() => {
    const canvas = document.querySelector(${JSON.stringify(`canvas[aria-label="${chart}"]`)});
    const { left, top, right, bottom } = canvas.getBoundingClientRect();
    return { plot: canvas.dataset.plot, legend: canvas.dataset.legend, canvas: { left, top, right, bottom } };
  })()`);
  const box = (edges?: string): Box => {
    const [left, top, right, bottom] = (edges ?? '').split(' ').map(Number);
    return { left, top, right, bottom };
  };
  return { plot: box(read.plot), legend: box(read.legend), canvas: read.canvas };
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The last column of each series: today's (or, for the liability chart, now's) figures. */
const lastDay = (series: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(series).map(([label, amounts]) => [label, amounts.at(-1)]));

const LIABILITY = 'RUNIK owed, treasury RNK and coverage per game day';
const EMISSION = 'Emission budget and RUNIK drawn from it per game day';
const MINTED_BURNED = 'RUNIK minted and burned per day, by reason';
const DEPOSITS_WITHDRAWALS = 'RUNIK deposited and withdrawn per day';
const FEES_TAX = 'RUNIK taken as fees and tax per day';
const CHARTS = [LIABILITY, EMISSION, MINTED_BURNED, DEPOSITS_WITHDRAWALS, FEES_TAX];

/** The report's page, the credentials given as an operator types them into the browser's prompt. */
async function openEconomyPage(page: Page): Promise<void> {
  // Chromium answers the report's own challenge (the same realm) with them.
  const pageUrl = new URL(`${baseUrl()}/admin/economy`);
  pageUrl.username = credentials.username;
  pageUrl.password = credentials.password;
  const response = await page.goto(pageUrl.toString());
  expect(response?.status()).toBe(200);
  await page.getByTestId('economy-liability').locator('dd').first().waitFor();
}

it("refuses the page and its data without the operators' credentials", () =>
  withPage(browser.current(), 'economy page without credentials', async (page) => {
    for (const path of ['/admin/economy', '/admin/economy.html', `${ApiRoutes.adminEconomy}?days=7`]) {
      const url = `${baseUrl()}${path}`;
      // Chromium, offered no credentials to answer the challenge with, ends the navigation with an error.
      const [response] = await Promise.all([page.waitForResponse(url), page.goto(url).catch(() => null)]);
      expect([path, response.status()]).toEqual([path, 401]);
      expect(response.headers()['www-authenticate']).toMatch(/^Basic realm="Runik operations"/);
      expect(await page.getByTestId('economy-liability').count()).toBe(0);
      // What it was sent: the refusal, no figure.
      const plain = await axios.get(url, { validateStatus: () => true });
      expect([plain.status, plain.data]).toEqual([401, { error: 'Operator credentials are required.' }]);
      const wrong = await axios.get(url, { auth: { username: 'admin', password: 'guess' }, validateStatus: () => true });
      expect(wrong.status).toBe(401);
    }
  }));

it(
  "shows an operator the balance sheet and charts of real play, the figures the report's",
  () =>
    withPage(browser.current(), 'economy page with data', async (page) => {
      // A paid player (SWAP.HIVE received, an activation and conversions drawn from the emission budget) and a
      // free one whose RUNIK an activation could release (contingent).
      const player = await newPaidCityPlayer(stack(), 'econ');
      const free = await newCityPlayer(stack(), 'econfree');
      await grant(stack(), free, 'runik', 3_000);
      // More RUNIK owed than the game account's RNK: coverage falls under 1 and the page warns.
      await grant(stack(), player, 'runik', 5_000_000);
      await play(player);
      const report = await economy(30);
      const today = report.days[0];
      expect(today.mintedByReason['convert-to-runik']).toBeGreaterThan(0);
      expect(today.burnedByReason['upgrade-ch']).toBeGreaterThan(0);
      // Buying wheat is no sink: counted apart from burned.
      expect(today.resourcePurchases).toBeGreaterThan(0);
      expect(today.burnedByReason['convert-to-resources']).toBeUndefined();
      expect(report.coverage).toBeLessThan(1);
      expect(report.contingentRunik).toBeGreaterThan(0);
      expect(report.owedRunik).toBeGreaterThan(report.liabilityRunik);
      expect(report.swapHiveReceived).toBeGreaterThan(0);
      // The worker sized today's budget at its start; the activation and the conversion drew from it.
      expect(report.emissionToday.used).toBeGreaterThan(0);
      expect(report.emissionDays.map((day) => day.day)).toContain(report.emissionToday.day);

      await openEconomyPage(page);
      const figure = (id: string) => page.getByTestId(`economy-${id}`).locator('dd').first();
      const figures = async (ids: string[]) => Promise.all(ids.map(async (id) => [id, await figure(id).textContent()]));
      expect(await figures(['liability', 'withdrawing', 'contingent', 'owed', 'treasury', 'coverage', 'locked', 'free'])).toEqual([
        ['liability', shown(report.liabilityRunik)],
        ['withdrawing', shown(report.withdrawingRunik)],
        ['contingent', shown(report.contingentRunik)],
        ['owed', shown(report.owedRunik)],
        ['treasury', shown(report.treasuryRnk)],
        ['coverage', shown(report.coverage ?? 0)],
        ['locked', shown(report.lockedRunik)],
        ['free', shown(report.freeRunik)],
      ]);
      expect(await figures(['swap-hive-received', 'swap-hive-sent-out', 'swap-hive-held'])).toEqual([
        ['swap-hive-received', shownSwapHive(report.swapHiveReceived)],
        ['swap-hive-sent-out', shownSwapHive(report.swapHiveSentOut)],
        ['swap-hive-held', shownSwapHive(report.swapHiveHeld)],
      ]);
      const budget = report.emissionToday;
      expect(await figures(['emission-budget', 'emission-used', 'emission-left'])).toEqual([
        ['emission-budget', shown(budget.budget)],
        ['emission-used', shown(budget.used)],
        ['emission-left', formatRunik(toThousandths(budget.budget) - toThousandths(budget.used))],
      ]);
      const rails = report.guardRails;
      const cap = (limit: number | null) => (limit === null ? 'off' : shown(limit));
      expect(await figures(['game-cap', 'account-cap', 'coverage-floor', 'queue'])).toEqual([
        ['game-cap', `${shown(rails.gameUsedToday)} / ${cap(rails.gameCap)}`],
        ['account-cap', cap(rails.accountCap)],
        ['coverage-floor', cap(rails.coverageFloor)],
        ['queue', String(rails.queueLength)],
      ]);
      expect(await page.getByTestId('economy-queue').locator('dd').nth(1).textContent()).toBe(`${shown(rails.queuedRunik)} RUNIK queued`);
      // The warning: the danger colour and a sentence saying why.
      await page.getByText('Under 1: the treasury cannot pay all that could be asked of it at once.').waitFor();
      expect(await page.evaluate<string>(`getComputedStyle(document.querySelector('[data-testid=economy-coverage] dd')).color`)).toBe(
        'rgb(232, 122, 98)',
      );

      const systemRows = await page.getByTestId('economy-system-account').allTextContents();
      expect(systemRows).toEqual(SYSTEM_ACCOUNT_CODES.map((code) => `${code}${shown(report.systemRunik[code])}`));
      const dayRows = page.getByTestId('economy-day');
      expect(await dayRows.count()).toBe(30);
      expect(await dayRows.first().locator('th, td').allTextContents()).toEqual([
        today.date,
        ...[today.minted, today.burned, today.resourcePurchases, today.fees, today.tax, today.deposits, today.withdrawals].map(shown),
      ]);

      // Five charts drawn, each holding today's figures (the last column: oldest day first).
      for (const chart of CHARTS) {
        await eventually(async () => expect(await paintedPixels(page, chart)).toBeGreaterThan(1000));
      }
      // Liability and coverage: each game day at its sizing, then now, the report's own figures.
      const liability = await chartSeries(page, LIABILITY);
      expect(liability.owed).toHaveLength(report.emissionDays.length + 1);
      expect(await page.getByRole('img', { name: LIABILITY }).locator('thead th').last().textContent()).toBe('now');
      expect(lastDay(liability)).toEqual({
        owed: shown(report.owedRunik),
        'treasury RNK': shown(report.treasuryRnk),
        coverage: shown(report.coverage ?? 0),
        ...(rails.coverageFloor === null ? {} : { 'coverage floor': shown(rails.coverageFloor) }),
      });
      const emission = await chartSeries(page, EMISSION);
      expect(emission.budget).toHaveLength(report.emissionDays.length);
      expect(await page.getByRole('img', { name: EMISSION }).locator('thead th').last().textContent()).toBe(budget.day);
      expect(lastDay(emission)).toEqual({ budget: shown(budget.budget), used: shown(budget.used) });
      expect(lastDay(await chartSeries(page, MINTED_BURNED))).toEqual({
        ...Object.fromEntries(
          Object.entries(today.mintedByReason).map(([reason, amount]) => [`minted: ${ledgerReasonLabel(reason)}`, shown(amount)]),
        ),
        ...Object.fromEntries(
          Object.entries(today.burnedByReason).map(([reason, amount]) => [`burned: ${ledgerReasonLabel(reason)}`, shown(amount)]),
        ),
        'resource purchases': shown(today.resourcePurchases),
      });
      expect(lastDay(await chartSeries(page, DEPOSITS_WITHDRAWALS))).toEqual({
        deposits: shown(today.deposits),
        withdrawals: shown(today.withdrawals),
      });
      expect(lastDay(await chartSeries(page, FEES_TAX))).toEqual({ fees: shown(today.fees), tax: shown(today.tax) });
      expect((await chartSeries(page, FEES_TAX)).tax).toHaveLength(30);

      // The days selector: a week.
      await page.getByTestId('economy-days').selectOption('7');
      await eventually(async () => expect(await dayRows.count()).toBe(7));
      const week = await economy(7);
      expect(await dayRows.locator('th').allTextContents()).toEqual(week.days.map((day) => day.date));
      expect((await chartSeries(page, FEES_TAX)).tax).toHaveLength(7);
    }),
  180_000,
);

it(
  'draws every chart on a phone with its legend under the plot, clear of it, and the page no wider than the screen',
  () =>
    withPage(
      browser.current(),
      'economy page on a phone',
      async (page) => {
        const report = await economy(30);
        await openEconomyPage(page);
        const width = await page.evaluate<number>('window.innerWidth');
        expect(width).toBe(390);
        for (const chart of CHARTS) {
          await page.getByRole('img', { name: chart }).scrollIntoViewIfNeeded();
          await eventually(async () => expect(await paintedPixels(page, chart)).toBeGreaterThan(1000));
          const series = await chartSeries(page, chart);
          expect([chart, Object.keys(series).length > 0]).toEqual([chart, true]);
          const { plot, legend, canvas } = await chartLayout(page, chart);
          // The legend drawn under the plot, apart from it; the plot keeps most of the canvas.
          expect([chart, legend.bottom - legend.top > 0, legend.top >= plot.bottom, overlaps(plot, legend)]).toEqual([
            chart,
            true,
            true,
            false,
          ]);
          expect(plot.bottom - plot.top).toBeGreaterThan(0.5 * (canvas.bottom - canvas.top));
          expect(plot.right - plot.left).toBeGreaterThan(0.6 * (canvas.right - canvas.left));
          expect(canvas.right).toBeLessThanOrEqual(width);
        }
        expect((await chartSeries(page, EMISSION)).used.at(-1)).toBe(shown(report.emissionToday.used));
        // The day table scrolls in its own box: the page itself never scrolls sideways.
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    ),
  120_000,
);
