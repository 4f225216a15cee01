import { BROWSER_API_PORT, BROWSER_SIM_PORT, startBrowserGame, useBrowserStackOf, withChromium, type BrowserStack } from './browser';
import { sharedStackOf } from './shared-stack';

/**
 * One browser stack (hive-sim, the api serving the web build, worker, database, Redis prefix) shared by the browser
 * files a Jest worker runs one after another, like the system files' (shared-stack.ts): starting one cost about 8
 * CPU-seconds a file. A file may share it when it only plays with players of its own making (unique names) and
 * looks only at what they see; a file whose subject is game-wide (the throne, the citadel's boss, leaderboards, the
 * operators' economy report, lists of every city) or which needs fixed names keeps a stack of its own
 * (useBrowserStack). Each worker's stack has ports of its own, 200 + 2 x the worker's number above the defaults, so
 * its copy of the web build is made once per worker; the run's global teardown stops it.
 */
export function sharedBrowserStack(): Promise<BrowserStack> {
  const offset = 200 + 2 * Number(process.env.JEST_WORKER_ID ?? '1');
  const ports = { apiPort: BROWSER_API_PORT + offset, simPort: BROWSER_SIM_PORT + offset, copyWebApp: true };
  return withChromium(sharedStackOf('browser-stack', () => startBrowserGame(ports, true)));
}

/** The Jest worker's shared browser stack for the file's tests (Chromium is closed after them, the stack lives on). */
export function useSharedBrowserStack() {
  return useBrowserStackOf(sharedBrowserStack);
}
