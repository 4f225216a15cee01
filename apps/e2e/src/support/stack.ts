import type { ChildProcess } from 'node:child_process';
import { createTestDatabase, TestDatabase, testRedisPrefix } from '@runik/server/testing';
import { freePort, startNodeProcess, stopProcess, waitForOutput, waitUntilHealthy } from './processes';

export const GAME_ACCOUNT = 'runik.game';
export const DEV_PASSWORD = 'devpass';
export const BULL_BOARD_PASSWORD = 'board-secret';

export interface Stack {
  apiUrl: string;
  /** The hive-sim node the tests themselves call (the first). */
  simUrl: string;
  /** Every hive-sim node (StackOptions.simNodes), all serving the same chain. */
  simUrls: string[];
  database: TestDatabase;
  redisPrefix: string;
  /** Kills the worker the hard way (no shutdown hooks), as a crash would. */
  killWorker(): Promise<void>;
  /** Starts a new worker process with the same settings (and these over them). */
  startWorker(extraEnv?: Record<string, string>): Promise<void>;
  /** Starts another api process with the same settings (and these over them) on a port of its own; returns its URL once healthy. */
  startApi(extraEnv?: Record<string, string>): Promise<string>;
  /** The api process and the current worker process (to signal them). */
  processes(): { api: ChildProcess; worker?: ChildProcess };
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Serve this built web app from the api. */
  webDistDir?: string;
  apiPort?: number;
  simPort?: number;
  /** How long the simulated Hive Engine takes to process a transaction. */
  engineDelayMs?: number;
  /** How many hive-sim nodes listen (on consecutive ports), all serving one chain; 1 by default. */
  simNodes?: number;
  /** The game's HIVE_NODE_URLS and HIVE_ENGINE_URLS, given the sim's nodes; by default all of them, in order. */
  chainNodes?: (simUrls: string[]) => string[];
  extraEnv?: Record<string, string>;
  /** A migrated database the test owns (on a PostgreSQL cluster of its own), instead of a fresh one on the shared server. */
  databaseUrl?: string;
  /** Settings for the worker only, over extraEnv. */
  workerEnv?: Record<string, string>;
}

/**
 * The whole game as separate processes, like `npm start`: hive-sim, api and worker, on a
 * database and a Redis prefix of their own so test files never see each other's data or jobs.
 * A port found free can be taken by another process before ours listens on it: with ports of its
 * own choosing the stack is started again (from scratch) up to twice when a process exits at start.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const ownPorts = options.apiPort === undefined && options.simPort === undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      if (!ownPorts || attempt === 3 || !(error as Error).message.includes('process exited')) throw error;
    }
  }
}

async function startStackOnce(options: StackOptions): Promise<Stack> {
  const database: TestDatabase = options.databaseUrl
    ? { name: new URL(options.databaseUrl).pathname.slice(1), url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const redisPrefix = testRedisPrefix();
  const [simPort, apiPort] = [options.simPort ?? (await freePort()), options.apiPort ?? (await freePort())];
  const simUrls = Array.from({ length: options.simNodes ?? 1 }, (_, node) => `http://127.0.0.1:${simPort + node}`);
  const simUrl = simUrls[0];
  const chainNodes = (options.chainNodes ?? ((urls) => urls))(simUrls).join(',');
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    await database.drop();
  };
  try {
    const sim = startNodeProcess(`${redisPrefix}-hive-sim`, 'apps/hive-sim/src/main.ts', {
      HIVE_SIM_PORT: String(simPort),
      HIVE_SIM_ENGINE_DELAY_MS: String(options.engineDelayMs ?? 300),
      HIVE_SIM_NODES: String(simUrls.length),
    });
    children.push(sim);
    await waitUntilHealthy(`${simUrl}/health`, sim);

    const env: Record<string, string> = {
      NODE_ENV: 'test',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_PREFIX: redisPrefix,
      HIVE_NODE_URLS: chainNodes,
      HIVE_ENGINE_URLS: chainNodes,
      GAME_ACCOUNT,
      // hive-sim starts empty: follow it from its first block, so a payment made before the worker's first look is not skipped.
      CHAIN_FOLLOW_START_BLOCK: '1',
      BULL_BOARD_PASSWORD,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      // hive-sim shows a transaction within a second: look again for one not seen yet after 0.5 s, not 3-5 s.
      DEPOSIT_RETRY_MS: '500',
      SWAP_HIVE_CONFIRMATION_RETRY_MS: '500',
      CONFIRM_REGISTRATION_RETRY_MS: '500',
      WITHDRAWAL_RETRY_MS: '500',
      // Every test client is one address (and some tests fire many calls from one session).
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Some tests try many wrong ops passwords from the one test address.
      OPS_LOGIN_FAILURES_PER_MINUTE: '100000',
      // Likewise for the sockets: every test client is 127.0.0.1 (apps/e2e/src/api/socket-limits.spec.ts sets its own).
      SOCKET_CONNECTIONS_PER_ADDRESS: '10000',
      SOCKETS_PER_SESSION: '1000',
      SOCKET_HANDSHAKES_PER_MINUTE_PER_ADDRESS: '100000',
      SOCKET_HANDSHAKES_PER_MINUTE_PER_SESSION: '100000',
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      ...options.extraEnv,
    };
    const api = startNodeProcess(`${redisPrefix}-api`, 'apps/api/src/main.ts', env);
    children.push(api);
    let worker: ChildProcess | undefined;
    let workerRuns = 0;
    const startWorker = async (extraEnv: Record<string, string> = {}) => {
      workerRuns += 1;
      const workerEnv = { ...env, ...options.workerEnv, ...extraEnv };
      worker = startNodeProcess(`${redisPrefix}-worker${workerRuns > 1 ? `-${workerRuns}` : ''}`, 'apps/worker/src/main.ts', workerEnv);
      children.push(worker);
      await waitForOutput(worker, 'Runik worker started');
    };
    const killWorker = async () => {
      const exited = new Promise((resolve) => worker?.once('exit', resolve));
      worker?.kill('SIGKILL');
      await exited;
    };
    let apiRuns = 1;
    const startApi = async (extraEnv: Record<string, string> = {}) => {
      apiRuns += 1;
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const another = startNodeProcess(`${redisPrefix}-api-${apiRuns}`, 'apps/api/src/main.ts', {
        ...env,
        ...extraEnv,
        PORT: String(port),
      });
      children.push(another);
      await waitUntilHealthy(`${url}/api/health/ready`, another);
      return url;
    };
    await Promise.all([waitUntilHealthy(`${apiUrl}/api/health`, api), startWorker()]);
    const processes = () => ({ api, worker });
    return { apiUrl, simUrl, simUrls, database, redisPrefix, killWorker, startWorker, startApi, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
