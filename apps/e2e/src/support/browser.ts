import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { chromiumEnv } from './chromium-fonts';
import { WORKSPACE_ROOT } from './processes';
import { startStack, type Stack } from './stack';

/**
 * Browser end-to-end support: the built web app served by the real api, hive-sim's dev
 * wallet standing in for Hive Keychain, and Debian's Chromium driven by playwright-core.
 *
 * The dev wallet's URL is baked into the web build, so the build and the stack share one
 * fixed hive-sim port. The defaults sit below Linux's ephemeral range (32768-60999), so no
 * `freePort()` of a concurrently running test can take them.
 */
export const BROWSER_API_PORT = Number(process.env.E2E_API_PORT ?? 29100);
export const BROWSER_SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 29101);

/** How long a UI step may take before the test fails with a screenshot (well under the Jest timeout). */
export const UI_TIMEOUT_MS = 15_000;
/** A paid activation polls the registration status at once, then every 15 s. */
export const ACTIVATION_TIMEOUT_MS = 60_000;

const SCREENSHOT_DIR = join(WORKSPACE_ROOT, 'tmp', 'e2e-screenshots');
const LOG_DIR = join(WORKSPACE_ROOT, 'tmp', 'test-logs');

/**
 * The last one keeps subpixel (LCD) text out of a page's pixels; its fonts and their other settings are the tests' own
 * (`chromiumEnv`, support/chromium-fonts.ts).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-lcd-text',
];

/** Where the web build for a given hive-sim port lives. */
export function webBuildDir(simPort = BROWSER_SIM_PORT): string {
  return join(WORKSPACE_ROOT, 'tmp', 'e2e-web', `sim-${simPort}`);
}

export function devWalletUrl(simPort = BROWSER_SIM_PORT): string {
  return `http://127.0.0.1:${simPort}/keychain.js`;
}

/**
 * Builds apps/web in test mode with the dev wallet of hive-sim on `simPort` (about 2 s).
 * Built into a scratch folder and then moved into place, so a reader never sees half a build.
 */
export async function buildWebApp(simPort = BROWSER_SIM_PORT): Promise<string> {
  const target = webBuildDir(simPort);
  const scratch = `${target}.building-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  const logPath = join(LOG_DIR, `e2e-web-build-${simPort}.log`);
  const log = createWriteStream(logPath);
  const vite = join(WORKSPACE_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(
    process.execPath,
    [vite, 'build', '--config', 'apps/web/vite.config.mts', '--mode', 'test', '--outDir', scratch, '--emptyOutDir'],
    {
      cwd: WORKSPACE_ROOT,
      // A process variable overrides .env.test (apps/web/README.md).
      // This run's hive-sim stands in for both the wallet and the Hive Engine node.
      env: {
        ...process.env,
        VITE_DEV_WALLET_URL: devWalletUrl(simPort),
        VITE_HIVE_ENGINE_URL: `http://127.0.0.1:${simPort}`,
        VITE_HIVEAUTH_URL: `ws://127.0.0.1:${simPort}/hiveauth`,
        VITE_HIVESIGNER_URL: `http://127.0.0.1:${simPort}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  await new Promise((resolve) => log.end(resolve));
  if (code !== 0 || !existsSync(join(scratch, 'index.html'))) {
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`web build failed with code ${code}: see ${logPath}`);
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(scratch, target);
  return target;
}

/** Text files of a build that may name hive-sim's address (Vite inlines it as a string in the scripts). */
const RETARGETED_FILE = /\.(html|js|css|json)$/;

/**
 * globalSetup's build, copied for a stack whose hive-sim listens on `simPort`: the same bundle with the dev wallet's
 * and the Hive Engine node's address (baked in by Vite) naming that port. A build of its own per file took about
 * 8 CPU-seconds (13 files: a minute and a half of a core per run) and could differ from the one the other files test.
 */
export function retargetWebApp(simPort: number): string {
  const source = builtWebApp(BROWSER_SIM_PORT);
  if (simPort === BROWSER_SIM_PORT) return source;
  const target = webBuildDir(simPort);
  const scratch = `${target}.building-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  cpSync(source, scratch, { recursive: true });
  // The dev wallet and Hive Engine (http://) and the HiveAuth stand-in (ws://).
  const addresses = ['http', 'ws'].map((scheme) => [`${scheme}://127.0.0.1:${BROWSER_SIM_PORT}`, `${scheme}://127.0.0.1:${simPort}`]);
  for (const file of readdirSync(scratch, { recursive: true, encoding: 'utf8' })) {
    if (!RETARGETED_FILE.test(file)) continue;
    const text = readFileSync(join(scratch, file), 'utf8');
    const retargeted = addresses.reduce((current, [from, to]) => current.replaceAll(from, to), text);
    if (retargeted !== text) writeFileSync(join(scratch, file), retargeted);
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(scratch, target);
  return builtWebApp(simPort);
}

/** The build made by the browser project's globalSetup (or retargeted from it), checked to load this port's dev wallet. */
export function builtWebApp(simPort = BROWSER_SIM_PORT): string {
  const dir = webBuildDir(simPort);
  const indexHtml = join(dir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`${dir} has no web build: run through the Jest project "browser" (its globalSetup builds it)`);
  }
  const assets = join(dir, 'assets');
  const scripts = readFileSync(indexHtml, 'utf8').match(/assets\/[^"]+\.js/g) ?? [];
  const loadsWallet = scripts.some((script) => readFileSync(join(dir, script), 'utf8').includes(devWalletUrl(simPort)));
  if (!loadsWallet) throw new Error(`the web build in ${assets} does not load ${devWalletUrl(simPort)}`);
  return dir;
}

async function assertPortFree(port: number, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `port ${port} is taken (${error.code}): another browser e2e run, or a leftover of one, is using it. ` +
            `Stop it, or choose other ports with ${variable}.`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, env: chromiumEnv() });
}

export interface BrowserStack {
  stack: Stack;
  browser: Browser;
  /** The web app and the API, on one origin. */
  baseUrl: string;
  /** A fresh browser profile (no session in localStorage), closed by `close()` or by the caller. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Where a browser stack runs. Jest may run the browser spec files side by side, so each file
 * that starts a stack needs ports of its own; only the default ports' web build is made by
 * globalSetup, so a file on other ports serves a copy of it retargeted to its hive-sim (`retargetWebApp`).
 */
export interface BrowserStackOptions {
  apiPort: number;
  simPort: number;
  /** The variables that choose the ports, named when a port is taken. */
  apiPortVariable: string;
  simPortVariable: string;
  /** Retarget globalSetup's web build to `simPort` once the ports are known to be free. */
  copyWebApp: boolean;
  /** Settings of the api and worker beside the tests' (startStack's extraEnv). */
  extraEnv?: Record<string, string>;
}

const DEFAULT_STACK_OPTIONS: BrowserStackOptions = {
  apiPort: BROWSER_API_PORT,
  simPort: BROWSER_SIM_PORT,
  apiPortVariable: 'E2E_API_PORT',
  simPortVariable: 'E2E_SIM_PORT',
  copyWebApp: false,
};

/**
 * The real game (hive-sim, api serving the web build, worker) on the fixed ports the web build expects (its
 * processes outlive the test file when `outlivesFile`: a shared stack). Without options: the default ports and
 * globalSetup's build.
 */
export async function startBrowserGame(options: Partial<BrowserStackOptions> = {}, outlivesFile = false): Promise<Stack> {
  const { apiPort, simPort, apiPortVariable, simPortVariable, copyWebApp, extraEnv } = { ...DEFAULT_STACK_OPTIONS, ...options };
  const prebuilt = copyWebApp ? null : builtWebApp(simPort);
  await assertPortFree(simPort, simPortVariable);
  await assertPortFree(apiPort, apiPortVariable);
  // Retargeted only once the ports are free: a run already on them may be serving this build.
  const webDistDir = prebuilt ?? retargetWebApp(simPort);
  return startStack({ webDistDir, apiPort, simPort, outlivesFile, extraEnv });
}

/** A stack of the file's own (startBrowserGame) and Chromium. `close()` stops both. */
export function startBrowserStack(options: Partial<BrowserStackOptions> = {}): Promise<BrowserStack> {
  return withChromium(startBrowserGame(options));
}

/**
 * The stack once started, with Chromium (launched meanwhile: one per file; one per Jest worker behind Playwright's
 * server cost as much CPU in relaying as the launches it saved). If either fails, the other is stopped. `close()`
 * closes the file's contexts, Chromium and the stack (a shared stack's stop does nothing).
 */
export async function withChromium(starting: Promise<Stack>): Promise<BrowserStack> {
  const launching = launchChromium();
  let stack: Stack;
  let browser: Browser;
  try {
    [stack, browser] = await Promise.all([starting, launching]);
  } catch (error) {
    await Promise.allSettled([starting.then((started) => started.stop()), launching.then((launched) => launched.close())]);
    throw error;
  }
  const contexts = new Set<BrowserContext>();
  const close = async () => {
    await Promise.allSettled([...contexts].map((context) => context.close()));
    await Promise.allSettled([browser.close(), stack.stop()]);
  };
  const newPage = async (options: BrowserContextOptions = {}) => {
    // The web app's service worker is blocked unless a test asks for it (serviceWorkers: 'allow'): its precaching would
    // download the whole build in every fresh profile, and page.route does not see what it fetches.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...options });
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
    return context.newPage();
  };
  return { stack, browser, baseUrl: stack.apiUrl, newPage, close };
}

export function clearScreenshots(): void {
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
}

/** Saves a full-page screenshot to tmp/e2e-screenshots/<name>.png; never throws. */
export async function saveScreenshot(page: Page, name: string): Promise<string | null> {
  const file = join(
    SCREENSHOT_DIR,
    `${name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 120)}.png`,
  );
  try {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
    return file;
  } catch {
    return null;
  }
}

/**
 * Runs a browser test body on a fresh page; on failure saves a screenshot named after the
 * test (and notes it in the error), then always closes the page's context.
 */
export async function withPage(
  browserStack: BrowserStack,
  name: string,
  body: (page: Page) => Promise<void>,
  options?: BrowserContextOptions,
): Promise<void> {
  const page = await browserStack.newPage(options);
  // Shown with a failure: what the browser complained about, and what became of its calls.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every 4xx/5xx load as 'Failed to load resource'; the call journal names them instead.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const calls = journalCalls(page);
  try {
    await body(page);
  } catch (error) {
    const opened = page.url() !== 'about:blank';
    const file = opened ? await saveScreenshot(page, name) : null;
    if (error instanceof Error) {
      const notes = [`page URL: ${page.url()}`];
      if (opened) notes.push(file ? `screenshot: ${file}` : 'screenshot failed');
      notes.push(...calls.notes());
      if (consoleErrors.length > 0) notes.push(`browser console errors:\n  ${consoleErrors.join('\n  ')}`);
      notes.push(...stackLogNotes(browserStack.stack));
      // Jest prints the stack when it holds the message. Read it before changing the message:
      // V8 formats a stack lazily, on first read, from the message of that moment.
      const original = error.message;
      const stack = error.stack;
      error.message = `${original}\n\n${notes.join('\n')}`;
      if (stack?.includes(original)) error.stack = stack.replace(original, error.message);
    }
    throw error;
  } finally {
    await page
      .context()
      .close()
      .catch(() => undefined);
  }
}

/** An API call slower than this is named with a failure: a step that timed out may have been waiting on it. */
const SLOW_CALL_MS = 2_000;

/**
 * What became of a page's calls, for a failure's message: every response >= 400, and the api calls that
 * failed on the network, were slow, or were still unanswered when the test failed (with their ages).
 */
function journalCalls(page: Page): { notes: () => string[] } {
  const refused: string[] = [];
  const broken: string[] = [];
  const slow: string[] = [];
  const started = new Map<Request, number>();
  const isApiCall = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const callName = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  const end = (request: Request) => {
    const since = started.get(request);
    started.delete(request);
    if (since !== undefined && Date.now() - since > SLOW_CALL_MS) slow.push(`${callName(request)} (${Date.now() - since} ms)`);
  };
  page.on('request', (request) => {
    if (isApiCall(request)) started.set(request, Date.now());
  });
  page.on('requestfinished', end);
  page.on('requestfailed', (request) => {
    end(request);
    if (isApiCall(request)) broken.push(`${callName(request)}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${callName(response.request())}`);
  });
  const section = (title: string, lines: string[]) => (lines.length > 0 ? [`${title}:\n  ${lines.join('\n  ')}`] : []);
  return {
    notes: () => [
      ...section('responses >= 400 (some are expected, e.g. 404 for a name not registered)', refused),
      ...section('calls failed on the network', broken),
      ...section(`calls answered after more than ${SLOW_CALL_MS} ms`, slow),
      ...section(
        'calls still unanswered',
        [...started].map(([request, since]) => `${callName(request)} (for ${Date.now() - since} ms)`),
      ),
    ],
  };
}

/** Where startStack's processes log (processes.ts names the files after the Redis prefix). */
export function stackLogFiles(stack: Stack): string[] {
  return ['hive-sim', 'api', 'worker'].map((name) => join(LOG_DIR, `${stack.redisPrefix}-${name}.log`));
}

/** Nest colours its log lines. */
function stripAnsi(text: string): string {
  return text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
}

/** The stack's log files, and their first error lines: a crashed worker shows up here. */
function stackLogNotes(stack: Stack): string[] {
  const notes = [`stack logs: ${stackLogFiles(stack).join(', ')}`];
  for (const file of stackLogFiles(stack)) {
    const text = existsSync(file) ? stripAnsi(readFileSync(file, 'utf8')) : '';
    const errors = text.split('\n').filter((line) => /\b(ERROR|FATAL)\b|Error:/.test(line));
    if (errors.length > 0) notes.push(`errors in ${file}:\n  ${errors.slice(0, 5).join('\n  ')}`);
  }
  return notes;
}

/** Retries an assertion (Jest `expect`s included) until it passes or the time is up. */
export async function eventually<T>(assertion: () => T | Promise<T>, timeoutMs = UI_TIMEOUT_MS, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** The path (and query) the page shows, without the origin. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page is at `path` (pathname only, query ignored). */
export async function waitForPath(page: Page, path: string, timeoutMs = UI_TIMEOUT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: timeoutMs });
}

/**
 * Waits until the page is at /city, failing at once with its text if the page shows an
 * error instead (a failed login or activation), rather than at the timeout.
 */
export async function waitForCity(page: Page, timeoutMs = UI_TIMEOUT_MS): Promise<void> {
  const alert = page.getByRole('alert').first();
  const outcome = await Promise.race([
    waitForPath(page, '/city', timeoutMs).then(() => 'city' as const),
    alert.waitFor({ timeout: timeoutMs }).then(() => 'alert' as const),
  ]);
  if (outcome === 'alert') throw new Error(`expected to reach /city, but the page shows an error: "${await alert.textContent()}"`);
}

/**
 * The dev wallet loads asynchronously from hive-sim (main.tsx), like an extension injecting
 * itself: a player with Keychain has it before pressing a button.
 */
export async function waitForDevWallet(page: Page): Promise<void> {
  await page.waitForFunction('window.hive_keychain !== undefined && window.hive_keychain.isDevWallet === true', undefined, {
    timeout: UI_TIMEOUT_MS,
  });
}

/** Logs a registered player in through the login form, the dev wallet signing, and waits for /city. */
export async function logIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/authentication`);
  await page.getByRole('heading', { name: 'Login or Activate Account', level: 1 }).waitFor();
  await waitForDevWallet(page);
  await page.getByLabel('Hive username').fill(username);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await waitForCity(page);
}

export interface DialogSeen {
  type: string;
  message: string;
}

/**
 * Keeps every browser dialog (window.alert, confirm, prompt), accepting it so no test hangs on
 * one. The game asks through its own dialog and tells through toasts, so a test expects this
 * list to stay empty.
 */
export function acceptDialogs(page: Page): DialogSeen[] {
  const seen: DialogSeen[] = [];
  page.on('dialog', (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  return seen;
}

/**
 * Answers the game's confirmation (ui/ConfirmDialog) once it shows: Confirm, or Cancel when
 * `confirmed` is false. Returns its question once it has closed.
 */
export async function confirmGameDialog(page: Page, confirmed = true): Promise<string> {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
  const question = (await dialog.getByTestId('confirm-dialog-message').textContent()) ?? '';
  await dialog.getByTestId(confirmed ? 'confirm-dialog-confirm' : 'confirm-dialog-cancel').click();
  await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  return question;
}

/**
 * Until the page's web fonts in use have loaded: a face swapped in between two measures or before a screenshot
 * (`font-display: swap`) moves text by a fraction of a pixel or more, which is the font's doing, not the page's.
 */
export async function fontsLoaded(page: Page): Promise<void> {
  await page.evaluate('document.fonts.ready.then(() => true)');
}

/** The game's toast saying exactly `text` ('error' or 'info' toast), once it shows; it hides itself after 6 s. */
export async function waitForToast(page: Page, text: string, tone: 'info' | 'error' = 'info'): Promise<Locator> {
  const toast = page
    .locator(`[data-testid="toast"][data-tone="${tone}"]`)
    .filter({ has: page.getByTestId('toast-text').getByText(text, { exact: true }) });
  await toast.first().waitFor({ timeout: UI_TIMEOUT_MS });
  return toast;
}

/**
 * A spec file's own browser stack, `offset` ports above the defaults so Jest may run the files side
 * by side (E2E_<name>_API_PORT / E2E_<name>_SIM_PORT move it), with its own copy of the web build and `extraEnv`'s
 * settings: for a file that cannot share its Jest worker's (shared-browser-stack.ts). Started before the file's tests,
 * closed after them.
 */
export function useBrowserStack(offset: number, name: string, extraEnv?: Record<string, string>) {
  const apiPortVariable = `E2E_${name}_API_PORT`;
  const simPortVariable = `E2E_${name}_SIM_PORT`;
  return useBrowserStackOf(() =>
    startBrowserStack({
      apiPort: Number(process.env[apiPortVariable] ?? BROWSER_API_PORT + offset),
      simPort: Number(process.env[simPortVariable] ?? BROWSER_SIM_PORT + offset),
      apiPortVariable,
      simPortVariable,
      copyWebApp: true,
      extraEnv,
    }),
  );
}

/** The browser stack `start` gives, for the file's tests: started before them, closed after them. */
export function useBrowserStackOf(start: () => Promise<BrowserStack>) {
  let browserStack: BrowserStack | undefined;
  beforeAll(async () => {
    browserStack = await start();
  }, 120_000);
  afterAll(async () => {
    await browserStack?.close();
  });
  const current = (): BrowserStack => {
    if (!browserStack) throw new Error('the browser stack did not start');
    return browserStack;
  };
  return {
    current,
    /** A test on a fresh browser profile; a failure saves tmp/e2e-screenshots/<test name>.png. */
    test(testName: string, body: (page: Page) => Promise<void>, timeoutMs = 120_000): void {
      it(testName, () => withPage(current(), expect.getState().currentTestName ?? testName, body), timeoutMs);
    },
    /** Logs the player in through the login form, then opens `path`. */
    async openAs(page: Page, username: string, path: string): Promise<void> {
      await logIn(page, current().baseUrl, username);
      await page.goto(`${current().baseUrl}${path}`);
    },
  };
}

/**
 * Resolves once the page's live connection has joined: Socket.IO's namespace CONNECT answer ("40"),
 * on a WebSocket to /socket.io or, should WebSockets be refused, in a long-polling response.
 * Listen before the page logs in: the socket opens with the session.
 */
export function liveConnected(page: Page): Promise<void> {
  const isConnect = (packet: string) => packet.startsWith('40');
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && isConnect(payload)) resolve();
      });
    });
    page.on('response', (response) => {
      if (!response.url().includes('/socket.io/') || !response.url().includes('transport=polling')) return;
      // Engine.IO joins the packets of one poll with the record separator.
      response.text().then(
        (body) => body.split('\x1e').some(isConnect) && resolve(),
        () => undefined,
      );
    });
  });
}

/** `promise`, or a failure naming `what` after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
