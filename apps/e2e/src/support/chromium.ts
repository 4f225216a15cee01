import { chromium, type Browser } from 'playwright-core';
import { letOutliveTheTest, startNodeProcess, stopProcess, waitForOutput } from './processes';
import { answers, sharedByWorker, type WorkerNote } from './shared-stack';

export const CHROMIUM_EXECUTABLE = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface ChromiumNote extends WorkerNote {
  wsEndpoint: string;
}

/**
 * Debian's Chromium, one per Jest worker for every browser file it runs instead of one per file (a launch and close
 * cost about 3 CPU-seconds, measured at a load average of 15). It runs behind Playwright's server in a process of its own (chromium-server.ts), which
 * outlives the file that started it; the run's global teardown stops it. Each file connects to it: the contexts it
 * opens are its own (a fresh profile each), and closing the connection closes them.
 */
export async function sharedChromium(): Promise<Browser> {
  const note = await sharedByWorker<ChromiumNote>('chromium', (earlier) => answers(earlier.wsEndpoint.replace(/^ws/, 'http')), startServer);
  return chromium.connect(note.wsEndpoint);
}

async function startServer(): Promise<ChromiumNote> {
  const server = startNodeProcess(`chromium-${process.pid}`, 'apps/e2e/src/support/chromium-server.ts', {});
  letOutliveTheTest(server);
  try {
    const [, chromiumPid, wsEndpoint] = await waitForOutput(server, /^Chromium (\d+) listening on (ws:\/\/\S+)$/);
    return { wsEndpoint, pids: [server.pid ?? 0, Number(chromiumPid)] };
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
}
