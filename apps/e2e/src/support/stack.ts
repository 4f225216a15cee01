import type { ChildProcess } from 'node:child_process';
import { createTestDatabase, TestDatabase, testRedisPrefix } from '@runik/server/testing/database';
import { letOutliveTheTest, startNodeProcess, stopProcess, waitForOutput, waitUntilHealthy } from './processes';

export const GAME_ACCOUNT = 'runik.game';
export const DEV_PASSWORD = 'devpass';
export const BULL_BOARD_PASSWORD = 'board-secret';
/**
 * The product gives up on a Redis command after 0.5 s (a call answers 503 soon while Redis is out of reach); on
 * these 2 cores, loaded by three files' stacks and the browser project, a healthy Redis's answer can take longer
 * (a worker then failed to start with "Command timed out"). Every process a test starts gets this instead;
 * redis-outage.spec.ts keeps the product's figure, which its bound is about.
 */
export const TEST_REDIS_COMMAND_TIMEOUT_MS = '5000';

/** Hive Engine's delay behind a Hive block on a test stack: short, so the worker confirms well before a client's 15 s re-check. */
export const ENGINE_DELAY_MS = 300;

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
  /**
   * Stops hive-sim and starts it again on the same ports: with the chain kept in StackOptions.simChainFile
   * (or `chainFile`), or a fresh chain when the stack keeps none (`chainFile: null`).
   */
  restartSim(options?: { chainFile?: string | null }): Promise<void>;
  /** The api process and the current worker process (to signal them). */
  processes(): { api: ChildProcess; worker?: ChildProcess };
  /** Every process it has started, hive-sim's included (shared stacks are stopped by PID at the end of the run). */
  pids(): number[];
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
  /** Its processes outlive the test file (a shared stack): they must not keep the Jest worker from exiting. */
  outlivesFile?: boolean;
  /** More settings for hive-sim (e.g. HIVE_SIM_HIVEAUTH_TIMEOUT_MS). */
  simEnv?: Record<string, string>;
  /** hive-sim keeps its chain in this file across restartSim (as `npm start` does); a fresh chain in memory by default. */
  simChainFile?: string;
}

/**
 * The whole game as separate processes, like `npm start`: hive-sim, api and worker, on a
 * database and a Redis prefix of their own so test files never see each other's data or jobs.
 * Unless told ports, hive-sim and the api listen on ports the system gives them and say which: a port
 * merely found free could be taken by another file's stack first (whose process would then answer
 * this stack's health checks).
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const database: TestDatabase = options.databaseUrl
    ? { name: new URL(options.databaseUrl).pathname.slice(1), url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const redisPrefix = testRedisPrefix();
  const children: ChildProcess[] = [];
  const startStackProcess = (name: string, entry: string, processEnv: Record<string, string>) => {
    const child = startNodeProcess(name, entry, processEnv);
    if (options.outlivesFile) letOutliveTheTest(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    await database.drop();
  };
  try {
    let simRuns = 0;
    const startSim = async (port: number, chainFile: string | undefined) => {
      simRuns += 1;
      const sim = startStackProcess(`${redisPrefix}-hive-sim${simRuns > 1 ? `-${simRuns}` : ''}`, 'apps/hive-sim/src/main.ts', {
        HIVE_SIM_PORT: String(port),
        HIVE_SIM_ENGINE_DELAY_MS: String(options.engineDelayMs ?? ENGINE_DELAY_MS),
        HIVE_SIM_NODES: String(options.simNodes ?? 1),
        // Never npm start's chain (tmp/hive-sim/chain.jsonl), even when the developer's shell names it.
        HIVE_SIM_CHAIN_FILE: chainFile ?? '',
        ...options.simEnv,
      });
      children.push(sim);
      const [, urlList] = await waitForOutput(sim, /hive-sim listening on (.+)/);
      const urls = urlList.split(', ');
      await waitUntilHealthy(`${urls[0]}/health`, sim);
      return { sim, urls };
    };
    let { sim, urls: simUrls } = await startSim(options.simPort ?? 0, options.simChainFile);
    const simUrl = simUrls[0];
    const restartSim = async ({ chainFile }: { chainFile?: string | null } = {}) => {
      await stopProcess(sim);
      const kept = chainFile === null ? undefined : (chainFile ?? options.simChainFile);
      ({ sim, urls: simUrls } = await startSim(Number(new URL(simUrl).port), kept));
    };
    const chainNodes = (options.chainNodes ?? ((urls) => urls))(simUrls).join(',');

    const env: Record<string, string> = {
      NODE_ENV: 'test',
      PORT: String(options.apiPort ?? 0),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // Named (not left to the default) so an api started in production mode from the stack starts.
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: redisPrefix,
      HIVE_NODE_URLS: chainNodes,
      HIVE_ENGINE_URLS: chainNodes,
      GAME_ACCOUNT,
      // hive-sim's HiveSigner stand-in (issue 49), and the app its tokens are issued to (the web build's); named, as
      // production requires them, so an api started in production mode from the stack starts.
      HIVESIGNER_API_URL: simUrl,
      HIVESIGNER_APP: 'runik.app',
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
      REDIS_COMMAND_TIMEOUT_MS: TEST_REDIS_COMMAND_TIMEOUT_MS,
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      ...options.extraEnv,
    };
    const api = startStackProcess(`${redisPrefix}-api`, 'apps/api/src/main.ts', env);
    children.push(api);
    let worker: ChildProcess | undefined;
    let workerRuns = 0;
    const startWorker = async (extraEnv: Record<string, string> = {}) => {
      workerRuns += 1;
      const workerEnv = { ...env, ...options.workerEnv, ...extraEnv };
      worker = startStackProcess(`${redisPrefix}-worker${workerRuns > 1 ? `-${workerRuns}` : ''}`, 'apps/worker/src/main.ts', workerEnv);
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
      const another = startStackProcess(`${redisPrefix}-api-${apiRuns}`, 'apps/api/src/main.ts', { ...env, ...extraEnv, PORT: '0' });
      children.push(another);
      const url = await listeningUrl(another);
      await waitUntilHealthy(`${url}/api/health/ready`, another);
      return url;
    };
    const startedApi = async () => {
      const url = await listeningUrl(api);
      await waitUntilHealthy(`${url}/api/health`, api);
      return url;
    };
    const [apiUrl] = await Promise.all([startedApi(), startWorker()]);
    const processes = () => ({ api, worker });
    const pids = () => children.flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
    return { apiUrl, simUrl, simUrls, database, redisPrefix, killWorker, startWorker, startApi, restartSim, processes, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The address an api process says it listens on. */
async function listeningUrl(api: ChildProcess): Promise<string> {
  const [, port] = await waitForOutput(api, /Runik API listening on http:\/\/localhost:(\d+)/);
  return `http://127.0.0.1:${port}`;
}
