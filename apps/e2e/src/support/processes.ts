import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';

export const WORKSPACE_ROOT = join(__dirname, '../../../..');
export const TEST_LOG_DIR = join(WORKSPACE_ROOT, 'tmp', 'test-logs');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs one of the workspace's TypeScript entry points as its own process, logging to `logDir` (tmp/test-logs). */
export function startNodeProcess(name: string, entry: string, env: Record<string, string>, logDir = TEST_LOG_DIR): ChildProcess {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name}.log`));
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(WORKSPACE_ROOT, entry)], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Two sources share one file: neither may end it while the other still writes.
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('close', () => log.end());
  return child;
}

/** Lets the process and its output pipes run on without keeping this (Jest worker) process alive. */
export function letOutliveTheTest(child: ChildProcess): void {
  child.unref();
  for (const pipe of [child.stdout, child.stderr]) (pipe as Socket | null)?.unref();
}

/**
 * How long a process we start may take to be ready: a few seconds alone, but npm test starts three stacks at once
 * on 2 cores, beside Vitest and the typecheck, where it takes many times that: a wide margin, not a bet.
 */
export const PROCESS_START_TIMEOUT_MS = 90_000;

/** Polls a URL until it answers 200, failing early if the process died. */
export async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs = PROCESS_START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with code ${child.exitCode} (see its log)`);
    const healthy = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

/**
 * Waits for a line a process prints once it is ready (the worker serves no HTTP to poll; the api and hive-sim say
 * which ports they took); resolves to the first line matching `pattern`, or containing it when it is text.
 */
export async function waitForOutput(
  child: ChildProcess,
  pattern: string | RegExp,
  timeoutMs = PROCESS_START_TIMEOUT_MS,
): Promise<RegExpMatchArray> {
  const matcher = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
  return new Promise((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer) => {
      // A line may come in two chunks: look at whole lines only.
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      const match = lines.map((line) => line.match(matcher)).find((found) => found !== null);
      if (match) finish(() => resolve(match));
    };
    const onExit = (code: number | null) =>
      finish(() => reject(new Error(`process exited with code ${code} before "${matcher.source}" (see tmp/test-logs)`)));
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no "${matcher.source}" within ${timeoutMs} ms (see tmp/test-logs)`))),
      timeoutMs,
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.off('data', onData);
      settle();
    };
    child.once('exit', onExit);
    child.stdout?.on('data', onData);
  });
}

/** Stops a process we started (by its own PID), waiting for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
