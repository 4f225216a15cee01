import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser';
import { chromiumEnv } from './chromium-fonts';

/**
 * A Chromium whose tabs can really go to the background. Playwright turns on focus emulation in every page it opens
 * itself, and a page under it stays `visible` whatever tab is in front; attached with `noDefaults`, the browser's own
 * (default) context is left as a browser has it: the tab behind another is `hidden`, as a player's is. Its profile is
 * a temporary folder of its own.
 */
export interface BackgroundTabBrowser {
  browser: Browser;
  /** The browser's default context: its pages are tabs of one window. */
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBackgroundTabBrowser(): Promise<BackgroundTabBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'runik-background-tab-'));
  const child = spawn(
    process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: chromiumEnv() },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port: ${output}`)), 30_000);
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}): ${output}`));
      });
    });
    const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true, isLocal: true });
    const [context] = browser.contexts();
    return {
      browser,
      context,
      close: async () => {
        await browser.close().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
