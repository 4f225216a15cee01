import { formatDecimal, parseDecimal, type SeededRandom } from '@runik/rules';
import { engineBalance, sendToken } from '../../apps/e2e/src/support/hive';
import { GAME_ACCOUNT, type Stack } from '../../apps/e2e/src/support/stack';
import { deleteRedisKeys } from '../support';
import { executed, TREASURY_ACCOUNT, TREASURY_MEMO } from './chain';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kills the worker with SIGKILL (no shutdown hook: jobs are cut wherever they are) at random moments
 * and starts a new one after a random pause, as a crashing host and its supervisor would. Most
 * kills wait (up to 3 s) for a moment when the worker holds a ledger job, so that crashes land inside
 * confirmations and sends rather than between them; one start in five is itself killed before the
 * worker reports it started.
 */
export class WorkerChaos {
  kills = 0;
  /** Kills while the worker held at least one ledger job. */
  killsInJobs = 0;
  killsWhileStarting = 0;
  /** Worker starts that failed on their own (each is retried). */
  readonly startFailures: string[] = [];
  private stopped = false;
  private running: Promise<void> | null = null;
  private failure: Error | null = null;

  constructor(
    private readonly stack: Stack,
    private readonly random: SeededRandom,
    /** Whether a worker is running a ledger job right now. */
    private readonly busy: () => Promise<boolean>,
    /** Between a worker's start and its kill, ms. */
    private readonly upMs: [number, number] = [500, 6_000],
    /** Between a kill and the next start, ms. */
    private readonly downMs: [number, number] = [100, 2_500],
  ) {}

  start(): void {
    // Kept, not thrown at once: an unawaited rejection would end the process before the clean-up.
    this.running = this.loop().catch((error: Error) => {
      this.failure = error;
    });
  }

  /** Stops killing and leaves one worker running. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
    if (this.failure) throw this.failure;
    await this.ensureWorker();
  }

  private workerAlive(): boolean {
    const worker = this.stack.processes().worker;
    return worker !== undefined && worker.exitCode === null && worker.signalCode === null;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      await this.sleepUnlessStopped(this.random.int(...this.upMs));
      if (this.stopped) return;
      const inJob = this.random.int(0, 9) < 7 && (await this.waitForJob(3_000));
      if (this.workerAlive()) {
        await this.stack.killWorker();
        this.kills += 1;
        if (inJob) this.killsInJobs += 1;
      }
      await sleep(this.random.int(...this.downMs));
      if (this.random.int(0, 4) === 0) await this.killWhileStarting();
      await this.ensureWorker();
    }
  }

  /** Polls until the worker holds a ledger job (true) or `ms` pass (false). */
  private async waitForJob(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.stopped && Date.now() < until) {
      if (await this.busy().catch(() => false)) return true;
      await sleep(20);
    }
    return false;
  }

  /** Starts a worker and kills it a moment later, most likely before it is up (or in its first jobs). */
  private async killWhileStarting(): Promise<void> {
    const starting = this.stack.startWorker().then(
      () => true,
      () => false,
    );
    await sleep(this.random.int(200, 4_000));
    if (this.workerAlive()) {
      await this.stack.killWorker();
      this.killsWhileStarting += 1;
    }
    await starting;
  }

  private async ensureWorker(): Promise<void> {
    for (let attempt = 1; !this.workerAlive(); attempt++) {
      try {
        await this.stack.startWorker();
      } catch (error) {
        this.startFailures.push((error as Error).message);
        if (attempt >= 5) throw new Error(`the worker did not start 5 times: ${(error as Error).message}`);
      }
    }
  }

  private async sleepUnlessStopped(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopped && Date.now() < until) await sleep(Math.min(200, until - Date.now()));
  }
}

/**
 * Empties the game account's RNK on hive-sim once during the play (moved to another account of
 * the operator) for a few seconds, then puts it back: withdrawals sent meanwhile are refused by
 * Hive Engine and must be refunded, once, and never also paid.
 */
export class TreasuryOutage {
  /** RNK moved out and back, and for how long (ms), once done. */
  moved: string | null = null;
  durationMs = 0;
  /** Why there was no outage, if it failed. */
  failure: string | null = null;
  private task: Promise<void> | null = null;

  constructor(
    private readonly stack: Stack,
    private readonly random: SeededRandom,
  ) {}

  /** Starts between 20% and 50% of the play, lasts 3 to 8 s (at most until the play ends). */
  start(playStart: number, playEnd: number): void {
    const begin = playStart + ((playEnd - playStart) * this.random.int(20, 50)) / 100;
    const length = this.random.int(3_000, 8_000);
    this.task = (async () => {
      await sleep(Math.max(0, begin - Date.now()));
      // A withdrawal may land between reading the balance and moving it (then Hive Engine refuses
      // the move as overdrawn): read again and retry, the last time leaving 1% behind.
      let balance: string | null = null;
      for (let attempt = 1; attempt <= 5 && balance === null; attempt++) {
        const held = parseDecimal(await engineBalance(this.stack.simUrl, GAME_ACCOUNT, 'RNK'), 3) ?? 0;
        const amount = formatDecimal(attempt < 5 ? held : Math.floor(held * 0.99), 3);
        if (held <= 0) return;
        const out = await sendToken(this.stack.simUrl, GAME_ACCOUNT, TREASURY_ACCOUNT, 'RNK', amount, TREASURY_MEMO);
        if (await executed(this.stack.simUrl, out)) balance = amount;
      }
      if (balance === null) return;
      const emptied = Date.now();
      await sleep(Math.max(1_000, Math.min(length, playEnd - Date.now())));
      const back = await sendToken(this.stack.simUrl, TREASURY_ACCOUNT, GAME_ACCOUNT, 'RNK', balance, TREASURY_MEMO);
      if (!(await executed(this.stack.simUrl, back))) throw new Error(`the treasury's ${balance} RNK could not be put back`);
      this.moved = balance;
      this.durationMs = Date.now() - emptied;
    })().catch((error: Error) => {
      this.failure = error.message;
    });
  }

  /** Waits until the RNK is back. */
  async stop(): Promise<void> {
    await this.task;
  }
}

/**
 * Empties the game's Redis twice during the play, as FLUSHALL or a restart without persistence
 * would (every key of this stack, so other runs on the same Redis are spared): queued jobs, job
 * schedulers and rate limits are gone, and PostgreSQL and the chain must bring the work back.
 */
export class RedisFlushes {
  /** Keys deleted by each flush. */
  readonly flushed: number[] = [];
  private task: Promise<void> | null = null;

  constructor(
    private readonly stack: Stack,
    private readonly random: SeededRandom,
  ) {}

  /** One flush at 30-45% of the play and one at 60-80%. */
  start(playStart: number, playEnd: number): void {
    const at = (from: number, to: number) => playStart + ((playEnd - playStart) * this.random.int(from, to)) / 100;
    const moments = [at(30, 45), at(60, 80)];
    this.task = (async () => {
      for (const moment of moments) {
        await sleep(Math.max(0, moment - Date.now()));
        this.flushed.push(await deleteRedisKeys(this.stack.redisPrefix));
      }
    })();
  }

  async stop(): Promise<void> {
    await this.task;
  }
}
