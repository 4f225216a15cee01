import axios from 'axios';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { sendToken, uniqueUsername } from '../support/hive';
import { WORKSPACE_ROOT } from '../support/processes';
import { BULL_BOARD_PASSWORD, startStack, Stack } from '../support/stack';

/**
 * The worker's liveness and the chain follower's lag, watched the way production watches them: the
 * container's health check command (docker/compose.yml) run on the worker's heartbeat files, and the
 * api's /metrics. The worker is frozen with SIGSTOP, as a wedged process would be, while Hive Engine
 * makes blocks.
 */
const heartbeatDir = mkdtempSync(join(tmpdir(), 'runik-heartbeat-'));
/** The check's limit here: over the sweep's 10 s round with room for a loaded machine (compose uses 120 s). */
const MAX_AGE_SECONDS = 30;

let stack: Stack;
beforeAll(async () => (stack = await startStack({ engineDelayMs: 100, workerEnv: { WORKER_HEARTBEAT_DIR: heartbeatDir } })));
afterAll(async () => {
  // A worker the test left frozen must be able to stop.
  const worker = stack?.processes().worker;
  if (worker?.exitCode === null && worker.signalCode === null) worker.kill('SIGCONT');
  await stack?.stop();
  rmSync(heartbeatDir, { recursive: true, force: true });
});

/** The worker container's health check command, as compose runs it (with `--kill`). */
function healthCheck(...flags: string[]): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [join(WORKSPACE_ROOT, 'apps/worker/src/liveness/liveness-check.mjs'), String(MAX_AGE_SECONDS), ...flags],
    {
      env: { ...process.env, WORKER_HEARTBEAT_DIR: heartbeatDir },
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function chainGauges(): Promise<{ followed?: number; head?: number; lag?: number }> {
  const { data } = await axios.get<string>(`${stack.apiUrl}/metrics`, { auth: { username: 'admin', password: BULL_BOARD_PASSWORD } });
  const gauge = (name: string) => {
    const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(data);
    return match ? Number(match[1]) : undefined;
  };
  return {
    followed: gauge('runik_chain_followed_block'),
    head: gauge('runik_chain_head_block'),
    lag: gauge('runik_chain_follower_lag_blocks'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the worker frozen', () => {
  it("fails its health check within the check window, which kills it, and the follower's lag grows while Hive Engine is ahead", async () => {
    expect(healthCheck()).toMatchObject({ status: 0, output: expect.stringContaining('chain-follow') });
    const caughtUp = await eventually(chainGauges, ({ lag }) => lag === 0, 20_000);
    expect(caughtUp).toMatchObject({ lag: 0, head: caughtUp.followed });

    const worker = stack.processes().worker;
    if (worker?.pid === undefined) throw new Error('no worker process');
    process.kill(worker.pid, 'SIGSTOP');
    const frozenAt = Date.now();

    // Hive Engine moves on (a block per transfer here) while the follower cannot.
    const [from, to] = [uniqueUsername('lvfrom'), uniqueUsername('lvto')];
    const lags: number[] = [];
    for (let transfer = 0; transfer < 3; transfer++) {
      await sendToken(stack.simUrl, from, to, 'RNK', '0.001', '');
      const previous = lags.at(-1) ?? 0;
      const { lag } = await eventually(chainGauges, (gauges) => (gauges.lag ?? 0) > previous, 10_000);
      lags.push(lag ?? 0);
    }
    expect(lags).toEqual([...lags].sort((a, b) => a - b));
    expect(lags[0]).toBeGreaterThan(0);
    const behind = await chainGauges();
    expect(behind.followed).toBe(caughtUp.followed);
    expect(behind.lag).toBe((behind.head ?? 0) - (behind.followed ?? 0));

    // The check fails once the heartbeat is older than its limit: within MAX_AGE_SECONDS of the freeze, plus one poll.
    let failed = healthCheck();
    while (failed.status === 0 && Date.now() - frozenAt < (MAX_AGE_SECONDS + 30) * 1000) {
      await sleep(1000);
      failed = healthCheck();
    }
    const secondsToFail = (Date.now() - frozenAt) / 1000;
    expect(failed.status).toBe(1);
    expect(failed.output).toMatch(/(chain-follow|pending-work-sweep): last beat \d+ s ago/);
    expect(secondsToFail).toBeLessThan(MAX_AGE_SECONDS + 15);

    // With --kill (compose's command) the stale worker is killed, so its container's restart policy starts another.
    const exited = new Promise<NodeJS.Signals | null>((resolve) => worker.once('exit', (_code, signal) => resolve(signal)));
    expect(healthCheck('--kill')).toMatchObject({ status: 1, output: expect.stringContaining(`killed the worker (pid ${worker.pid})`) });
    expect(await exited).toBe('SIGKILL');

    await stack.startWorker();
    expect(
      await eventually(
        async () => healthCheck().status,
        (status) => status === 0,
        30_000,
      ),
    ).toBe(0);
    expect((await eventually(chainGauges, ({ lag }) => lag === 0, 30_000)).lag).toBe(0);
  }, 150_000);
});
