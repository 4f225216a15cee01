import { Job, Queue } from 'bullmq';
import { ApiRoutes } from '@runik/contract';
import { gameDayKey, seasonAt, THRONE_FULL_CONTROL_SECONDS } from '@runik/rules';
import { LedgerJobs, Queues, ScheduledJobs } from '@runik/server/queues';
import { apiClient, signedChallenge } from '../support/api-client';
import { cityRow, setArmy } from '../support/attack';
import { CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { sendToken, uniqueUsername } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';
import { garrison, moveWarMoment, newThroneAlliance, ok, seedActiveWar, throneStatus, troops, warRow } from '../support/throne';

/**
 * Two api processes and two worker processes on one PostgreSQL database and one Redis prefix, as
 * compose runs them (docker/compose.yml): players use both apis with one session, deposits reported
 * to either or both are credited once, and the scheduled jobs (citadel reset, season rollover, Throne
 * Wars ticks) that both workers upsert make one job per tick. How one throne war completes once under
 * races is throne.spec.ts's business; here the racers are two apis and two workers together.
 */
let stack: Stack;
let apis: [string, string];
let schedules: Queue;
let ledger: Queue;
beforeAll(async () => {
  stack = await startStack();
  const [second] = await Promise.all([stack.startApi(), stack.startWorker()]);
  apis = [stack.apiUrl, second];
  const queueOptions = { connection: { url: 'redis://127.0.0.1:6379' }, prefix: `${stack.redisPrefix}-bull` };
  schedules = new Queue(Queues.schedules, queueOptions);
  ledger = new Queue(Queues.ledger, queueOptions);
}, 120_000);
afterAll(async () => {
  await Promise.all([schedules?.close(), ledger?.close()]);
  await stack?.stop();
});

const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, done: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * A new player, registered through one api with a challenge the other api issued (challenges live in
 * Redis), and the same session on each api: `[on the first api, on the second]`.
 */
async function newPlayer(prefix: string, registerOn: 0 | 1): Promise<[CityPlayer, CityPlayer]> {
  const username = uniqueUsername(prefix);
  const signed = await signedChallenge(apiClient(apis[1 - registerOn]), username);
  const response = await apiClient(apis[registerOn]).post(ApiRoutes.freeRegistration, { ...signed, referrer: '' });
  if (response.status !== 200) throw new Error(`registration of ${username}: ${response.status} ${JSON.stringify(response.data)}`);
  const [{ id }] = await queryDatabase<{ id: string }>(stack.database.url, 'SELECT id FROM players WHERE hive_username = $1', [username]);
  const [onFirst, onSecond] = apis.map((url) => ({ username, playerId: Number(id), api: apiClient(url, response.data.token) }));
  return [onFirst, onSecond];
}

/** A player's RUNIK balance in thousandths (0 without an account yet). */
async function runikOf(playerId: number): Promise<number> {
  const [row] = await queryDatabase<{ amount: string }>(
    stack.database.url,
    `SELECT b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = $1 AND b.asset = 'runik'`,
    [playerId],
  );
  return Number(row?.amount ?? 0);
}

async function chainRunik(): Promise<number> {
  const [row] = await queryDatabase<{ amount: string }>(
    stack.database.url,
    `SELECT coalesce(sum(b.amount), 0) AS amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.code = 'external:hive-engine' AND b.asset = 'runik'`,
  );
  return Number(row.amount);
}

describe('deposits with two apis and two workers', () => {
  it('credits each deposit once, whether reported to one api or to both at once', async () => {
    const chainBefore = await chainRunik();
    // Twelve players whose deposit goes to one api, alternating; six whose deposit is sent to both, four times each, at once.
    const spread = await Promise.all(times(12, (i) => newPlayer('spread', (i % 2) as 0 | 1)));
    const both = await Promise.all(times(6, (i) => newPlayer('both', (i % 2) as 0 | 1)));
    const amountOf = (index: number) => `${index + 1}.${String(37 * index + 5).padStart(3, '0')}`;
    const deposits = await Promise.all(
      [...spread, ...both].map(async (player, index) => ({
        player,
        amount: amountOf(index),
        txId: await sendToken(stack.simUrl, player[0].username, GAME_ACCOUNT, 'RNK', amountOf(index), 'deposit'),
        reportedTo: index < spread.length ? [index % 2] : [0, 1, 0, 1, 0, 1, 0, 1],
      })),
    );

    const inits = await Promise.all(
      deposits.flatMap(({ player, amount, txId, reportedTo }) =>
        reportedTo.map((api) => player[api].api.post(ApiRoutes.depositInit(player[api].username), { amount, txId })),
      ),
    );
    expect(inits.map((response) => response.status)).toEqual(inits.map(() => 200));
    // A worker may confirm a deposit before its last report arrives.
    expect(inits.map((response) => response.data.status).filter((status) => status !== 'pending' && status !== 'completed')).toEqual([]);

    // Each is checked on the api it was not (first) reported to.
    await Promise.all(
      deposits.map(async ({ player, amount, txId, reportedTo }) => {
        const other = player[1 - reportedTo[0]];
        await waitUntil(`deposit ${txId}`, async () => {
          const { data } = await other.api.get(ApiRoutes.depositCheck(txId, other.username, amount));
          return data.status === 'completed';
        });
      }),
    );

    const txIds = deposits.map(({ txId }) => txId);
    const stored = await queryDatabase<{ transaction_id: string; status: string; rows: string }>(
      stack.database.url,
      `SELECT transaction_id, min(status) AS status, count(*) AS rows FROM deposits WHERE transaction_id = ANY($1) GROUP BY transaction_id`,
      [txIds],
    );
    expect(new Map(stored.map((row) => [row.transaction_id, [row.status, Number(row.rows)]]))).toEqual(
      new Map(txIds.map((txId) => [txId, ['completed', 1]])),
    );
    // One posting per chain transaction: the chain's leg and the player's.
    const postings = await queryDatabase<{ reference: string; postings: string; entries: string; credited: string }>(
      stack.database.url,
      `SELECT e.reference, count(DISTINCT e.posting_id) AS postings, count(*) AS entries,
              sum(e.delta) FILTER (WHERE a.player_id IS NOT NULL) AS credited
         FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE e.reason = 'deposit' AND e.reference = ANY($1) GROUP BY e.reference`,
      [txIds],
    );
    expect(new Map(postings.map((row) => [row.reference, [Number(row.postings), Number(row.entries), Number(row.credited)]]))).toEqual(
      new Map(deposits.map(({ txId, amount }) => [txId, [1, 2, Math.round(Number(amount) * 1000)]])),
    );
    // Balances through the ledger and through either api.
    const expected = deposits.map(({ amount }) => Math.round(Number(amount) * 1000));
    expect(await Promise.all(deposits.map(({ player }) => runikOf(player[0].playerId)))).toEqual(expected);
    const seen = await Promise.all(
      deposits.map(({ player }, index) => player[index % 2].api.get(`/api/city/resources/${player[0].username}`)),
    );
    expect(seen.map(({ data }) => Math.round(data.resources.runik * 1000))).toEqual(expected);
    expect(chainBefore - (await chainRunik())).toBe(expected.reduce((sum, amount) => sum + amount, 0));
    // One confirmation job per deposit a report recorded, whichever api enqueued it: the report that records a
    // deposit answers 'pending' and enqueues its job. When the chain follower credited the transfer before any
    // report arrived (the product allows either order), every report answers 'completed' and no job is needed.
    const answers = deposits.map(({ reportedTo }, index) => {
      const first = deposits.slice(0, index).reduce((sum, deposit) => sum + deposit.reportedTo.length, 0);
      return inits.slice(first, first + reportedTo.length).map((response) => response.data.status);
    });
    const recordedByReport = deposits.filter((_, index) => answers[index].includes('pending'));
    const jobs = (await ledger.getJobs(['completed', 'failed', 'delayed', 'waiting', 'active'])).filter(
      (job) => job.name === LedgerJobs.confirmDeposit,
    );
    expect(jobs.map((job) => job.id).sort()).toEqual(
      recordedByReport.map(({ txId, player }) => `deposit-${txId}-${player[0].playerId}`).sort(),
    );
  }, 90_000);
});

describe('scheduled jobs with two workers', () => {
  /** Every scheduled job is a job scheduler but the throne's wake-ups, which are one-off delayed jobs. */
  const schedulerNames = Object.values(ScheduledJobs)
    .filter((name) => name !== ScheduledJobs.throneAdvance)
    .sort();

  /**
   * The next tick each scheduler has queued, by scheduler name, failing on a second one. A worker
   * queues a scheduler's next tick as it takes the current one: the moment between is waited out.
   */
  async function nextTicks(): Promise<Map<string, Job>> {
    for (let tries = 0; ; tries += 1) {
      const queued = (await schedules.getJobs(['delayed', 'waiting', 'prioritized'])).filter((job) => job.repeatJobKey);
      const byName = new Map<string, Job>();
      for (const job of queued) {
        const name = job.repeatJobKey as string;
        if (byName.has(name)) throw new Error(`two queued ticks of ${name}: ${byName.get(name)?.id} and ${job.id}`);
        byName.set(name, job);
      }
      if (byName.size === schedulerNames.length || tries === 20) return byName;
      await sleep(100);
    }
  }

  /** Makes a queued tick due now, for either worker to take (unless it already fell due by itself). */
  const promote = (job: Job | undefined) =>
    job?.promote().catch(async (error) => {
      if ((await job.getState()) === 'delayed') throw error;
    });

  /** The ids of the jobs a scheduler made that have run or are running. */
  const processedTicks = async (name: string) =>
    (await schedules.getJobs(['completed', 'failed', 'active'])).filter((job) => job.repeatJobKey === name).map((job) => job.id as string);

  it('keeps one scheduler and one queued tick per name, though both workers upserted them', async () => {
    const schedulers = await schedules.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key).sort()).toEqual(schedulerNames);
    const ticks = await nextTicks();
    expect([...ticks.keys()].sort()).toEqual(schedulerNames);
    for (const scheduler of schedulers) expect(ticks.get(scheduler.key)?.id).toBe(`repeat:${scheduler.key}:${scheduler.next}`);
  });

  it('runs each tick once: the season is recorded and the citadel counts restart, and each scheduler queues one next tick', async () => {
    // What the ticks will do: the running season is missing, two players' attack counts are from an earlier day.
    const season = seasonAt(Date.now());
    await queryDatabase(stack.database.url, `DELETE FROM seasons WHERE season_id = $1`, [season.seasonId]);
    const players = await Promise.all(times(2, (i) => newPlayer('cit', (i % 2) as 0 | 1)));
    for (const [player] of players) {
      await queryDatabase(
        stack.database.url,
        `INSERT INTO citadel_players (player_id, day, today_attack_count, total_damage) VALUES ($1, '2000-01-01', 3, 100)`,
        [player.playerId],
      );
    }
    // Every scheduler's tick falls due now, for both workers to take.
    const ticks = await nextTicks();
    expect([...ticks.keys()].sort()).toEqual(schedulerNames);
    const tickIds = new Set([...ticks.values()].map((job) => job.id as string));
    const otherRuns = async () =>
      new Map(
        await Promise.all(
          schedulerNames.map(async (name) => [name, (await processedTicks(name)).filter((id) => !tickIds.has(id))] as const),
        ),
      );
    const before = await otherRuns();
    await Promise.all([...ticks.values()].map(promote));
    await waitUntil('every tick to run', async () => {
      const states = await Promise.all([...tickIds].map((id) => schedules.getJobState(id)));
      return states.every((state) => state === 'completed');
    });

    // Each tick ran once, on one worker, and no other job of a scheduler ran meanwhile.
    for (const id of tickIds) {
      const done = await Job.fromId(schedules, id);
      expect({ id: done?.id, attemptsStarted: done?.attemptsStarted, failedReason: done?.failedReason }).toEqual({
        id,
        attemptsStarted: 1,
        failedReason: undefined,
      });
    }
    expect(await otherRuns()).toEqual(before);
    // Each scheduler queued one next tick (not one per worker).
    const next = await nextTicks();
    expect([...next.keys()].sort()).toEqual(schedulerNames);
    for (const job of next.values()) expect(tickIds.has(job.id as string)).toBe(false);

    expect(await queryDatabase(stack.database.url, `SELECT season_id, label FROM seasons WHERE season_id = $1`, [season.seasonId])).toEqual(
      [{ season_id: season.seasonId, label: season.label }],
    );
    const citadel = await queryDatabase(
      stack.database.url,
      `SELECT day, today_attack_count, total_damage FROM citadel_players WHERE player_id = ANY($1)`,
      [players.map(([player]) => player.playerId)],
    );
    expect(citadel).toEqual(times(2, () => ({ day: gameDayKey(Date.now()), today_attack_count: 0, total_damage: '100' })));
  }, 60_000);

  it('completes a due throne war once, rewards once, while both apis are polled and both workers tick', async () => {
    // Players registered on either api.
    const [leader, member, idle, rival] = await Promise.all(
      [{ infantry: 100 }, { infantry: 50, archers: 50 }, { cavalries: 5 }, { infantry: 100 }].map(async (army, i) => {
        const player = await newPlayer('thr', (i % 2) as 0 | 1);
        await setArmy(stack, player[0], army);
        return player;
      }),
    );
    const winners = await newThroneAlliance(stack, [leader[0], member[0], idle[0]]);
    await newThroneAlliance(stack, [rival[0]]);
    const war = await seedActiveWar(stack, winners);
    await ok(garrison(leader[0], troops(60)));
    await ok(garrison(member[1], troops(10, 40)));
    const everyone = [leader, member, idle, rival].map(([player]) => player);
    const levelsBefore = await Promise.all(everyone.map(async (player) => (await cityRow(stack, player)).ch_level));

    // Full control fell due a moment ago: the rival polls both apis while every throne tick falls due for both workers.
    const occupiedSince = await moveWarMoment(stack, war, 'occupied_since', THRONE_FULL_CONTROL_SECONDS + 1);
    const wonAt = new Date(occupiedSince.getTime() + THRONE_FULL_CONTROL_SECONDS * 1000);
    const throneTicks = async () => {
      const ticks = await nextTicks();
      const names: string[] = [
        ScheduledJobs.throneCatchUp,
        ScheduledJobs.throneVotingOpens,
        ScheduledJobs.throneVotingCloses,
        ScheduledJobs.throneBattleStarts,
      ];
      await Promise.all(names.map((name) => promote(ticks.get(name))));
      await Promise.all(times(4, () => schedules.add(ScheduledJobs.throneAdvance, {})));
    };
    const polls = () => Promise.all(times(12, (i) => throneStatus(rival[i % 2])));
    const [replies] = await Promise.all([polls(), throneTicks()]);
    expect(replies.map((reply) => reply.status)).toEqual(times(12, () => 200));
    await waitUntil('the war to complete', async () => (await warRow(stack, war)).status === 'completed');
    // And all again once it is over: nothing more may happen.
    await Promise.all([polls(), throneTicks()]);
    await waitUntil('the queued throne jobs to run', async () => {
      const counts = await schedules.getJobCounts('waiting', 'active', 'prioritized');
      return counts.waiting + counts.active + counts.prioritized === 0;
    });

    expect(await warRow(stack, war)).toMatchObject({
      status: 'completed',
      full_control_at: wonAt,
      completed_at: wonAt,
      winner_alliance_id: winners.id,
      king_name: leader[0].username,
    });
    const rewards = await queryDatabase<{ player_id: string; role: string; levels_granted: number }>(
      stack.database.url,
      `SELECT player_id, role, levels_granted FROM throne_rewards WHERE war_id = $1`,
      [war.id],
    );
    expect(rewards).toHaveLength(3);
    expect(new Map(rewards.map((row) => [Number(row.player_id), [row.role, row.levels_granted]]))).toEqual(
      new Map([
        [leader[0].playerId, ['leader', 2]],
        [member[0].playerId, ['member', 1]],
        [idle[0].playerId, ['member', 1]],
      ]),
    );
    const levelsAfter = await Promise.all(everyone.map(async (player) => (await cityRow(stack, player)).ch_level));
    expect(levelsAfter).toEqual([levelsBefore[0] + 2, levelsBefore[1] + 1, levelsBefore[2] + 1, levelsBefore[3]]);
    // Both apis tell the same story.
    const views = await Promise.all(rival.map(async (player) => (await ok(throneStatus(player))).throneWars));
    expect(views[1]).toEqual(views[0]);
    expect(views[0]).toMatchObject({
      status: 'completed',
      winner: { allianceTag: winners.tag, leaderName: leader[0].username, wonAt: wonAt.toISOString() },
    });
  }, 90_000);
});
