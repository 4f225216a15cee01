import axios from 'axios';
import type { Page } from 'playwright-core';
import { ApiRoutes, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import { formatRunik, toThousandths } from '@runik/rules';
import type { EconomyResponse } from '@runik/contract';
import { eventually, useBrowserStack, withPage } from '../support/browser';
import { cityOf, grant, letTimePass, newPaidCityPlayer, type CityPlayer } from '../support/city';
import { sendToken } from '../support/hive';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT } from '../support/stack';

/**
 * The operators' economy page (/admin/economy) in Chromium against the real stack: after play that
 * mints, burns, taxes and deposits, it shows the report's figures and charts them; without the ops
 * credentials the page and its data are refused. Its own ports (eighty above the defaults).
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

const MINTED_BURNED = 'RUNIK minted and burned per day, by reason';
const DEPOSITS_WITHDRAWALS = 'RUNIK deposited and withdrawn per day';
const FEES_TAX = 'RUNIK taken as fees and tax per day';

it('refuses the page and its data without the operators\' credentials', () =>
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

it('shows an operator the balance sheet and charts of real play, the figures the report\'s', () =>
  withPage(browser.current(), 'economy page with data', async (page) => {
    const player = await newPaidCityPlayer(stack(), 'econ');
    // More RUNIK owed than the game account's RNK: coverage falls under 1 and the page warns.
    await grant(stack(), player, 'runik', 5_000_000);
    await play(player);
    const report = await economy(30);
    const today = report.days[0];
    expect(today.mintedByReason['convert-to-runik']).toBeGreaterThan(0);
    expect(today.burnedByReason['upgrade-ch']).toBeGreaterThan(0);
    expect(report.coverage).toBeLessThan(1);

    // The credentials given once, for the page, as an operator types them into the browser's prompt: Chromium
    // answers the report's own challenge (the same realm) with them.
    const pageUrl = new URL(`${baseUrl()}/admin/economy`);
    pageUrl.username = credentials.username;
    pageUrl.password = credentials.password;
    const response = await page.goto(pageUrl.toString());
    expect(response?.status()).toBe(200);
    const figure = (id: string) => page.getByTestId(`economy-${id}`).locator('dd').first();
    await figure('liability').waitFor();
    expect(await figure('liability').textContent()).toBe(shown(report.liabilityRunik));
    expect(await figure('free').textContent()).toBe(shown(report.freeRunik));
    expect(await figure('withdrawing').textContent()).toBe(shown(report.withdrawingRunik));
    expect(await figure('treasury').textContent()).toBe(shown(report.treasuryRnk));
    expect(report.coverage).not.toBeNull();
    expect(await figure('coverage').textContent()).toBe(shown(report.coverage ?? 0));
    // The warning: the danger colour and a sentence saying why.
    await page.getByText('Under 1: the treasury cannot pay out every paid player.').waitFor();
    expect(await page.evaluate<string>(`getComputedStyle(document.querySelector('[data-testid=economy-coverage] dd')).color`)).toBe('rgb(232, 122, 98)');

    const systemRows = await page.getByTestId('economy-system-account').allTextContents();
    expect(systemRows).toEqual(SYSTEM_ACCOUNT_CODES.map((code) => `${code}${shown(report.systemRunik[code])}`));
    const dayRows = page.getByTestId('economy-day');
    expect(await dayRows.count()).toBe(30);
    expect(await dayRows.first().locator('th, td').allTextContents()).toEqual([
      today.date,
      ...[today.minted, today.burned, today.fees, today.tax, today.deposits, today.withdrawals].map(shown),
    ]);

    // Three charts drawn, each holding today's figures (the last column: oldest day first).
    for (const chart of [MINTED_BURNED, DEPOSITS_WITHDRAWALS, FEES_TAX]) {
      await eventually(async () => expect(await paintedPixels(page, chart)).toBeGreaterThan(1000));
    }
    const lastDay = (series: Record<string, string[]>) => Object.fromEntries(Object.entries(series).map(([label, amounts]) => [label, amounts.at(-1)]));
    expect(lastDay(await chartSeries(page, MINTED_BURNED))).toEqual({
      ...Object.fromEntries(Object.entries(today.mintedByReason).map(([reason, amount]) => [`minted: ${reason}`, shown(amount)])),
      ...Object.fromEntries(Object.entries(today.burnedByReason).map(([reason, amount]) => [`burned: ${reason}`, shown(amount)])),
    });
    expect(lastDay(await chartSeries(page, DEPOSITS_WITHDRAWALS))).toEqual({ deposits: shown(today.deposits), withdrawals: shown(today.withdrawals) });
    expect(lastDay(await chartSeries(page, FEES_TAX))).toEqual({ fees: shown(today.fees), tax: shown(today.tax) });
    expect((await chartSeries(page, FEES_TAX)).tax).toHaveLength(30);

    // The days selector: a week.
    await page.getByTestId('economy-days').selectOption('7');
    await eventually(async () => expect(await dayRows.count()).toBe(7));
    const week = await economy(7);
    expect(await dayRows.locator('th').allTextContents()).toEqual(week.days.map((day) => day.date));
    expect((await chartSeries(page, FEES_TAX)).tax).toHaveLength(7);
  }), 180_000);
