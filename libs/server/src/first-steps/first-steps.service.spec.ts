import { toThousandths } from '@runik/rules';
import type { FirstStepId, FirstStepsResponse } from '@runik/contract';
import { AttackService } from '../attack/attack.service';
import { MilitaryService } from '../city/military.service';
import { FirstSteps1765480000000 } from '../core/migrations/1765480000000-first-steps';
import { TestClock } from '../testing/test-clock';
import { testNotifier } from '../testing/test-notifier';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { FirstStepsService } from './first-steps.service';
import { FairRolls } from '../fairness/fair-rolls';

const HOUR = 3_600_000;
let t: ServiceTest;
const clock = new TestClock('2026-03-01T10:00:00Z');
let firstSteps: FirstStepsService;
let military: MilitaryService;
let attacks: AttackService;

beforeAll(async () => {
  t = await createServiceTest({ clock });
  firstSteps = new FirstStepsService(t.dataSource, clock);
  military = new MilitaryService(t.cities, t.quests);
  attacks = new AttackService(t.dataSource, t.cities, clock, testNotifier(clock), t.quests, new FairRolls(clock));
});
afterAll(() => t?.close());

let playerCount = 0;
async function newPlayer(options: { runik?: number } = {}): Promise<{ playerId: number; username: string }> {
  playerCount += 1;
  const username = `first${playerCount}`;
  return { playerId: await t.newPlayer(username, options), username };
}

const doneSteps = (progress: FirstStepsResponse): FirstStepId[] => progress.steps.filter((step) => step.done).map((step) => step.id);

/** A city that may be raided: registered before the newcomer shield's 48 hours, with nothing to defend it. */
async function raidableCity(): Promise<string> {
  const { username } = await newPlayer();
  clock.set(new Date(clock.nowMs() + 49 * HOUR));
  return username;
}

describe('first steps', () => {
  it('start with nothing done, in the guide order, neither skipped nor finished', async () => {
    const { playerId } = await newPlayer();
    expect(await firstSteps.progress(playerId)).toEqual({
      steps: [
        { id: 'harvest', done: false },
        { id: 'upgrade-farm', done: false },
        { id: 'train-infantry', done: false },
        { id: 'raid', done: false },
        { id: 'alliances', done: false },
      ],
      skipped: false,
      finished: false,
    });
  });

  it('are ticked off one by one by the real actions, and finish when all are done', async () => {
    const target = await raidableCity();
    const { playerId, username } = await newPlayer({ runik: toThousandths(10) });

    await t.cityService.harvest(playerId);
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['harvest']);

    // A City Hall that lets the Farm grow (and opens the Archery Range).
    await t.dataSource.query(`UPDATE cities SET ch_level = 3 WHERE player_id = $1`, [playerId]);
    await t.cityService.upgrade(playerId, 'lumber');
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['harvest']);
    await t.cityService.upgrade(playerId, 'wheat');
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['harvest', 'upgrade-farm']);

    // Archers do not count; infantry counts from the moment it is paid for, still training.
    await military.train(playerId, { building: 'archery', count: 1 });
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['harvest', 'upgrade-farm']);
    await military.train(playerId, { building: 'quarters', count: 2 });
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['harvest', 'upgrade-farm', 'train-infantry']);

    clock.set(new Date(clock.nowMs() + HOUR));
    await attacks.attack(playerId, username, target);
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['harvest', 'upgrade-farm', 'train-infantry', 'raid']);

    const finished = await firstSteps.markAlliancesSeen(playerId);
    expect(doneSteps(finished)).toEqual(['harvest', 'upgrade-farm', 'train-infantry', 'raid', 'alliances']);
    expect(finished).toMatchObject({ skipped: false, finished: true });
  });

  it('keep infantry ticked once it is all lost, and count troops that came another way', async () => {
    const { playerId } = await newPlayer();
    await t.dataSource.query(`UPDATE cities SET injured_infantry = 3 WHERE player_id = $1`, [playerId]);
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['train-infantry']);

    const trainer = await newPlayer();
    await military.train(trainer.playerId, { building: 'quarters', count: 1 });
    clock.set(new Date(clock.nowMs() + HOUR));
    // The batch joined the army (lazy), then every soldier died: the ledger still says it was trained.
    await t.cities.run(trainer.playerId, async () => undefined);
    await t.dataSource.query(`UPDATE cities SET infantry = 0 WHERE player_id = $1`, [trainer.playerId]);
    expect(doneSteps(await firstSteps.progress(trainer.playerId))).toEqual(['train-infantry']);
  });

  it('count alliances seen for a member of an alliance, and keep the first visit', async () => {
    const { playerId } = await newPlayer();
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at) VALUES ('First', 'FST', 'shield', '', $1, 10, now()) RETURNING id`,
      [playerId],
    );
    await t.dataSource.query(`INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, now())`, [playerId, id]);
    expect(doneSteps(await firstSteps.progress(playerId))).toEqual(['alliances']);

    const visitor = await newPlayer();
    const firstVisit = clock.now();
    await firstSteps.markAlliancesSeen(visitor.playerId);
    clock.set(new Date(clock.nowMs() + HOUR));
    expect(doneSteps(await firstSteps.markAlliancesSeen(visitor.playerId))).toEqual(['alliances']);
    const [{ alliances_seen_at }] = await t.dataSource.query(`SELECT alliances_seen_at FROM first_steps WHERE player_id = $1`, [
      visitor.playerId,
    ]);
    expect(alliances_seen_at).toEqual(firstVisit);
  });

  it('stay skipped once skipped, with the progress still read', async () => {
    const { playerId } = await newPlayer();
    await t.cityService.harvest(playerId);
    const skipped = await firstSteps.skip(playerId);
    expect(skipped).toMatchObject({ skipped: true, finished: false });
    expect(doneSteps(skipped)).toEqual(['harvest']);
    expect(await firstSteps.skip(playerId)).toEqual(skipped);
    expect(await firstSteps.progress(playerId)).toEqual(skipped);
  });

  it('answer 404 for a player without a city, and record nothing for it', async () => {
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO players (hive_username, referrer, activation) VALUES ('nocity', 'runik.game', 'free') RETURNING id`,
    );
    await expect(firstSteps.skip(Number(id))).rejects.toMatchObject({ status: 404 });
    expect(await t.dataSource.query(`SELECT * FROM first_steps WHERE player_id = $1`, [id])).toEqual([]);
  });

  it('are finished for every city that existed before the guide (the migration), and only for those', async () => {
    const veteran = await newPlayer();
    // Runs the migration again on this database: the cities existing now are the veterans.
    const runner = t.dataSource.createQueryRunner();
    try {
      await new FirstSteps1765480000000().down(runner);
      await new FirstSteps1765480000000().up(runner);
    } finally {
      await runner.release();
    }
    const newcomer = await newPlayer();
    expect(await firstSteps.progress(veteran.playerId)).toMatchObject({ skipped: false, finished: true });
    expect(doneSteps(await firstSteps.progress(veteran.playerId))).toEqual([]);
    expect(await firstSteps.progress(newcomer.playerId)).toMatchObject({ skipped: false, finished: false });
  });
});
