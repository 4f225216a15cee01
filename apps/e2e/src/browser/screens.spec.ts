import type { BrowserContextOptions, Page } from 'playwright-core';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { seedCommitment } from '@runik/rules';
import { attack, battlesOf, pastNewcomerShield, setArmy } from '../support/attack';
import { seriousViolations } from '../support/axe';
import { newAlliance } from '../support/alliance';
import { fontsLoaded, logIn, useBrowserStack, waitForDevWallet } from '../support/browser';
import { machineFonts } from '../support/fonts';
import { grant, letTimePass, namedCityPlayer } from '../support/city';
import type { CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { giveGear } from '../support/gear';
import { compareWithReference, UPDATING_SCREENSHOTS } from '../support/screenshots';
import type { Stack } from '../support/stack';
import { seedFixedVotingWar } from '../support/throne';

/**
 * Every screen of the game (every route of AppRoutes: the login page and each screen behind it), at desktop
 * 1440x900 and phone 390x844, in Chromium against the real stack. On each:
 * - axe-core finds no serious or critical violation;
 * - the rendered text has no emoji (the game draws its art from an icon set);
 * - every glyph is drawn with the fonts the web app ships, none of the machine's (issue 45: the same widths on
 *   every machine);
 * - on the phone, nothing scrolls sideways (the page, nor a tab row inside it);
 * - a full-page screenshot matches its committed reference, screenshots/<screen>-<size>.png (pixelmatch,
 *   at most 0.5% of the pixels differing; a mismatch leaves the screenshot and its diff in tmp/e2e-screenshots).
 * The time from navigation until the screen's content shows is printed as a table at the end (issue 20 wants
 * each screen usable within 1 s; measured, not asserted, as this shared machine's load varies).
 *
 * Screenshots are made deterministic: the same players and data in each run (fixed names: each stack has a
 * fresh database), the browser's clock fixed, time zone and locale fixed, animations and transitions off,
 * reduced motion, the throne war in one phase with fixed dates (the real one's phase follows the weekday), the player's
 * rolls from a fixed seed pair, and what still follows the real clock (countdowns, dates) masked.
 *
 * After an intended change of the look, write the references again (the other checks still run) and commit them:
 *   UPDATE_SCREENSHOTS=1 npx jest apps/e2e/src/browser/screens.spec.ts --selectProjects browser
 * A missing reference fails, saying so. A stack of its own (130 ports above the defaults), not its Jest worker's
 * shared one: the fixed names need a fresh database, and the screens show every player (leaderboards, enemies).
 */
const browser = useBrowserStack(130, 'SCREENS');
const stack = (): Stack => browser.current().stack;

const SIZES: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

/** The browser's clock: before anything the seed creates, so every countdown is running (and masked). */
const FIXED_TIME = new Date('2026-01-01T12:00:00Z');
const PLAYER = 'screens';
const RIVAL = 'rival';
const HOUR = 3_600_000;
/** What the rival wrote in the alliance chat. */
const CHAT_LINE = 'Hold the northern pass at dawn. <b>Markup</b> shows as text.';

/**
 * Follow the real clock however the browser's is set: the stack's timestamps and the countdowns to them (the
 * shared ui/Countdown is a timer; the attack screen's two clocks are not, yet).
 */
const VARYING = [
  'time',
  '[role="timer"]',
  '[data-testid="season-end-date"]',
  '[data-testid="next-regen"]',
  '[data-testid="enemy-cooldown"]',
  // The Verify page's seeds and hashes, drawn afresh for every player (in a monospace face: the same size whatever they are).
  '.verify__hex',
  '[data-testid="client-seed-input"]',
].join(', ');
/** Stills: no transition or animation halfway, no blinking caret. */
// A <time> holds the real moment something happened (a notification, a battle): masked, but its text's width moved what
// follows it with the time of day ("9:35:02 AM" against "12:40:12 PM"), so in the picture it takes one fixed width.
const STILL_CSS =
  '*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }' +
  ' time { display: inline-block !important; width: 13em !important; white-space: nowrap !important; overflow: hidden !important; vertical-align: bottom !important; }';
/** Emoji, but not the text symbols ©, ® and ™ that Extended_Pictographic also holds (unless shown as emoji). */
const EMOJI = /(?![\u00A9\u00AE\u2122](?!\uFE0F))\p{Extended_Pictographic}|\p{Regional_Indicator}|[#*0-9]\uFE0F?\u20E3/gu;

const TEST_TIMEOUT_MS = 90_000;

/**
 * Two players, the same in every run: `screens` (whose screens are visited) with RUNIK, gear and an army,
 * who raided `rival` (the leader of an alliance, who wrote in its chat); their clocks a day back, so production is at its cap and a
 * harvest is due whenever the run happens; a throne war voting, its dates fixed; the raid's rolls from a fixed seed pair.
 * Returns the path of the raid's battle report.
 */
async function seedPlayers(): Promise<string> {
  const player = await namedCityPlayer(stack(), PLAYER);
  const rival = await namedCityPlayer(stack(), RIVAL);
  await newAlliance(stack(), rival, { name: 'Iron Wolves', tag: 'IRW' });
  const said = await rival.api.post(ApiRoutes.allianceChat(RIVAL), { text: CHAT_LINE });
  if (said.status !== 200) throw new Error(`the seed's chat line failed: ${said.status} ${JSON.stringify(said.data)}`);
  await grant(stack(), player, 'runik', 250_000);
  await giveGear(stack(), player, { type: 'infantry', rarity: 'rare', level: 3, equipped: true });
  await giveGear(stack(), player, { type: 'wheat', rarity: 'epic', level: 2 });
  await giveGear(stack(), player, { type: 'archer', rarity: 'common', level: 1 });
  await setArmy(stack(), player, { infantry: 120, archers: 40, cavalries: 10 });
  await pastNewcomerShield(stack(), player, rival);
  for (const each of [player, rival]) await letTimePass(stack(), each, 24 * HOUR);
  await fixSeedPair(player);
  await seedFixedVotingWar(stack());
  // An undefended city: the battle's outcome is the same whatever its seed (its luck, shown, is the fixed pair's).
  const raid = await attack(player, RIVAL);
  if (raid.status !== 200) throw new Error(`the seed's raid failed: ${raid.status} ${JSON.stringify(raid.data)}`);
  const [battle] = await battlesOf(stack(), { attacker: player });
  return AppRoutes.battleReport.replace(':kind', 'attack').replace(':id', String(battle.id));
}

/** The seed pair the player's rolls take (hex of the lengths the server draws): the same in every run, so the raid's luck is too. */
const SERVER_SEED = '5eed'.repeat(16);
const CLIENT_SEED = 'c11e'.repeat(8);

/** Gives the player their current seed pair before any roll would draw one (docs/fairness.md: the server's is random). */
async function fixSeedPair(player: CityPlayer): Promise<void> {
  await queryDatabase(
    stack().database.url,
    `INSERT INTO fair_seeds (player_id, server_seed, commitment, client_seed, created_at, activated_at) VALUES ($1, $2, $3, $4, now(), now())`,
    [player.playerId, SERVER_SEED, seedCommitment(SERVER_SEED), CLIENT_SEED],
  );
}

/** Waits until the screen shows its heading and no part of it is still loading. */
async function screenShown(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  await page
    .locator('main [role="status"]', { hasText: /Loading/ })
    .first()
    .waitFor({ state: 'detached' });
}

async function emojiShown(page: Page): Promise<string[]> {
  // Page functions are strings here: this project compiles without the DOM's types.
  const text = await page.evaluate<string>('document.body.innerText');
  return [...new Set(text.match(EMOJI) ?? [])].map(
    (emoji) => `emoji "${emoji}" (U+${emoji.codePointAt(0)?.toString(16).toUpperCase()}) in the text`,
  );
}

async function sidewaysScroll(page: Page): Promise<string[]> {
  const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
  );
  // A tab row scrolls inside itself (overflow-x: auto) rather than the page: its tabs out of sight are as bad.
  const tabRows = await page.evaluate<string[]>(
    `[...document.querySelectorAll('[role="tablist"]')]
      .filter((row) => row.scrollWidth > row.clientWidth)
      .map((row) => (row.getAttribute('aria-label') ?? 'a tab row') + ': ' + row.scrollWidth + ' px of tabs in ' + row.clientWidth + ' px')`,
  );
  return [
    ...(scrollWidth > clientWidth ? [`scrolls sideways: ${scrollWidth} px of content in ${clientWidth} px`] : []),
    ...tabRows.map((row) => `tab row scrolls sideways: ${row}`),
  ];
}

async function screenshotMismatch(page: Page, name: string): Promise<string[]> {
  // No request still changing the page; then the fonts the text needs.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await fontsLoaded(page);
  const screenshot = await page.screenshot({
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    style: STILL_CSS,
    mask: [page.locator(VARYING)],
    maskColor: '#808080',
  });
  const mismatch = compareWithReference(name, screenshot);
  return mismatch ? [mismatch] : [];
}

/** What every screen is checked for: axe, emoji, the machine's fonts, sideways scroll on a phone, its reference screenshot. */
async function screenProblems(page: Page, name: string, size: string): Promise<string[]> {
  return [
    ...(await seriousViolations(page)),
    ...(await emojiShown(page)),
    ...(size === 'phone' ? await sidewaysScroll(page) : []),
    ...(await screenshotMismatch(page, name)),
    // After the screenshot, which waits for the fonts.
    ...(await machineFonts(page)),
  ];
}

/** A transaction id the stubbed wallet answers with: nothing is sent, the API's answers about it are stubbed too. */
const STUB_TRANSACTION_ID = 'f'.repeat(40);

/** The dev wallet sends nothing and answers with STUB_TRANSACTION_ID (a payment's waiting state, the same every run). */
async function stubWalletPayments(page: Page): Promise<void> {
  await page.evaluate(`window.hive_keychain.requestSendToken = (from, to, amount, memo, currency, callback) =>
    callback({ success: true, result: { id: '${STUB_TRANSACTION_ID}' } })`);
}

/** Answers `pattern` (a glob of the API's path) with `data`, as the server would. */
async function answer(page: Page, pattern: string, data: unknown): Promise<void> {
  await page.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(data) }));
}

/**
 * Screens in a state a click opens (after the routes: the player is logged in, unless `loggedOut`). The API's
 * answers a state stubs last until its checks are done.
 */
const SCREEN_STATES: { name: string; route: string; loggedOut?: boolean; open: (page: Page) => Promise<void> }[] = [
  {
    // The gear choices, a radiogroup (axe's 'listitem' was serious here).
    name: 'p2pListItem',
    route: AppRoutes.p2p,
    open: async (page) => {
      await page.getByRole('tab', { name: 'List Item' }).click();
      await page.getByRole('radiogroup', { name: 'Gear to list' }).waitFor();
    },
  },
  {
    // Every resource with Max: the suggested amount and the warning with the way back.
    name: 'cityConvertMax',
    route: AppRoutes.city,
    open: async (page) => {
      await page.getByTestId('runiks-card').getByRole('button', { name: 'Convert to RUNIK' }).click();
      const popup = page.getByRole('dialog', { name: 'Convert Resources to RUNIK' });
      for (const name of ['Wheat', 'Lumber', 'Stone', 'Ore']) await popup.getByRole('checkbox', { name }).check();
      await popup.getByRole('button', { name: 'Max' }).click();
      await popup.getByTestId('reserve-warning').waitFor();
      await popup.getByTestId('convert-preview').waitFor();
    },
  },
  {
    // The wallet's RNK.
    name: 'cityDeposit',
    route: AppRoutes.city,
    open: async (page) => {
      await page.getByTestId('runiks-card').getByRole('button', { name: 'Deposit' }).click();
      await page.getByTestId('wallet-balance').filter({ hasText: /\d/ }).waitFor();
    },
  },
  {
    // A deposit on its way: its steps (sent), the RNK sent and the RUNIK it credits.
    name: 'cityDepositSteps',
    route: AppRoutes.city,
    open: async (page) => {
      await waitForDevWallet(page);
      await stubWalletPayments(page);
      await answer(page, '**/api/city/deposit/init/**', { status: 'pending', transactionId: STUB_TRANSACTION_ID });
      await answer(page, '**/api/city/deposit/check/**', { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false });
      await page.getByTestId('runiks-card').getByRole('button', { name: 'Deposit' }).click();
      const popup = page.getByRole('dialog', { name: 'Deposit RUNIK' });
      await popup.getByTestId('wallet-balance').filter({ hasText: /\d/ }).waitFor();
      await popup.getByLabel('Amount').fill('12.5');
      await popup.getByRole('button', { name: 'Deposit', exact: true }).click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await popup.locator('[data-testid="payment-steps"][data-step="sent"]').waitFor();
    },
  },
  {
    // A paid activation seen on chain, not credited yet: its steps instead of the balance read before paying.
    name: 'activationSteps',
    route: AppRoutes.authentication,
    loggedOut: true,
    open: async (page) => {
      await waitForDevWallet(page);
      await answer(page, '**/api/hive-balance/**', { balance: '100.00000000' });
      await page.getByLabel('Hive username').fill('newcomer');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const activate = page.getByRole('button', { name: 'Activate Account' });
      await page.getByTestId('registration-fee').filter({ hasText: /\d/ }).waitFor();
      await stubWalletPayments(page);
      await answer(page, '**/api/initiate-registration', { success: true, status: 'pending', transactionId: STUB_TRANSACTION_ID });
      await answer(page, `**/api/transaction-status/${STUB_TRANSACTION_ID}`, {
        status: 'pending',
        error: null,
        seenOnChain: true,
        awaitingHiveEngine: false,
      });
      await activate.click();
      await page.locator('[data-testid="payment-steps"][data-step="seen"]').waitFor();
    },
  },
];

/** A page of its own (a logged-out visitor), its clock, time zone and locale fixed. */
async function newPage(options: BrowserContextOptions): Promise<Page> {
  const page = await browser.current().newPage({ ...options, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
  await page.clock.setFixedTime(FIXED_TIME);
  return page;
}

/** ms from navigation until the screen showed, per screen and size. */
const shownAfterMs = new Map<string, Record<string, number>>();

let battleReportPath = '';
beforeAll(async () => {
  battleReportPath = await seedPlayers();
}, 60_000);

describe.each(Object.entries(SIZES))('every screen at %s size', (size, options) => {
  let page: Page;
  let loggedIn = false;
  beforeAll(async () => {
    page = await newPage(options);
  }, TEST_TIMEOUT_MS);
  afterAll(async () => {
    await page?.context().close();
  });

  // Every route, in AppRoutes' order: the login page first, seen logged out; every other screen once logged in.
  it.each(Object.entries(AppRoutes))(
    '%s: accessible, no emoji, fits, looks as its reference',
    async (name, route) => {
      if (name !== 'authentication' && !loggedIn) {
        await logIn(page, browser.current().baseUrl, PLAYER);
        loggedIn = true;
      }
      const path = name === 'battleReport' ? battleReportPath : route;
      const startedAt = performance.now();
      await page.goto(`${browser.current().baseUrl}${path}`);
      await screenShown(page);
      shownAfterMs.set(name, { ...shownAfterMs.get(name), [size]: Math.round(performance.now() - startedAt) });

      expect(await screenProblems(page, `${name}-${size}`, size)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  // States past a click that issue 35 changed: the same checks.
  it.each(SCREEN_STATES)(
    '$name: accessible, no emoji, fits, looks as its reference',
    async ({ name, route, loggedOut, open }) => {
      const statePage = loggedOut ? await newPage(options) : page;
      try {
        await statePage.goto(`${browser.current().baseUrl}${route}`);
        await screenShown(statePage);
        await open(statePage);
        // A popup and the sticky navigation bar are fixed to the screen, so on the whole page's picture they stand where
        // the state's clicks scrolled to, which layout moving meanwhile (the City's lazily loaded top panel) shifts by a
        // few pixels: from the top they stand in one place.
        await statePage.evaluate('window.scrollTo(0, 0)');
        expect(await screenProblems(statePage, `${name}-${size}`, size)).toEqual([]);
      } finally {
        await statePage.unrouteAll({ behavior: 'ignoreErrors' });
        if (statePage !== page) await statePage.context().close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  // The alliance chat's panel open (issue 37), as the rival sees it: a leader, with a founding line and a message.
  it(
    'allianceChat: accessible, no emoji, fits, looks as its reference',
    async () => {
      const chatPage = await browser.current().newPage({ ...options, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
      try {
        await chatPage.clock.setFixedTime(FIXED_TIME);
        await logIn(chatPage, browser.current().baseUrl, RIVAL);
        await chatPage.goto(`${browser.current().baseUrl}${AppRoutes.alliance}`);
        await screenShown(chatPage);
        await chatPage.getByTestId('chat-button').click();
        await chatPage.getByTestId('chat-panel').locator('.chat-line__text', { hasText: CHAT_LINE }).waitFor();
        await chatPage.getByTestId('chat-button').and(chatPage.getByLabel('Alliance chat: no unread messages')).waitFor();
        expect(await screenProblems(chatPage, `allianceChat-${size}`, size)).toEqual([]);
      } finally {
        await chatPage.context().close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

afterAll(() => {
  const rows = Object.keys(AppRoutes).map((name) => {
    const times = shownAfterMs.get(name) ?? {};
    return `${name.padEnd(16)} ${Object.keys(SIZES)
      .map((size) => `${times[size] ?? '-'}`.padStart(8))
      .join(' ')}`;
  });
  const header = `${'screen'.padEnd(16)} ${Object.keys(SIZES)
    .map((size) => size.padStart(8))
    .join(' ')}`;
  console.log(
    `ms from navigation until the screen showed (issue 20: within 1000)${UPDATING_SCREENSHOTS ? ', references written' : ''}:\n${header}\n${rows.join('\n')}`,
  );
});
