import { HttpException } from '@nestjs/common';
import { ErrorMessages } from '@runik/contract';
import { ACTIVATION_RELEASE_RUNIK } from '@runik/rules';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { Player } from './player.entity';

/**
 * The activation view's preview (issue 44) is `activate`'s own rule: what it says before the payment is
 * what the activation then does, today's releases' slice included (a small budget so that the slice runs short).
 */
const clock = new TestClock('2026-07-10T03:00:00Z');
// A 10 RUNIK budget: its releases' slice is 1 RUNIK.
const env = { EMISSION_DAILY_MINIMUM: '10', EMISSION_DAILY_CEILING: '10' };
let t: ServiceTest;

beforeAll(async () => {
  t = await createServiceTest({ clock, env });
});
afterAll(() => t?.close());

/** A free account that deposited `deposited` RNK and minted `gameOnly` RUNIK while free. */
async function freeAccount(username: string, deposited: number, gameOnly: number): Promise<number> {
  const playerId = await t.newPlayer(username, { runik: gameOnly });
  await t.dataSource.transaction(async (manager) => {
    await t.ledger.lockRunik(manager, playerId, gameOnly);
    await t.ledger.post(manager, {
      reason: 'deposit',
      reference: `deposit:${username}`,
      legs: [
        { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -deposited },
        { account: { playerId }, asset: 'runik', delta: deposited },
      ],
    });
  });
  return playerId;
}

async function activate(playerId: number): Promise<void> {
  const player = (await t.dataSource.getRepository(Player).findOneBy({ id: playerId }))!;
  await t.dataSource.transaction((manager) => t.players.activate(manager, player));
}

async function stateOf(playerId: number) {
  const withdrawable = await t.ledger.withdrawableOf(t.dataSource.manager, playerId);
  const [{ waiting, locked }] = await t.dataSource.query(
    `SELECT release_waiting::int AS waiting, locked_runik::int AS locked FROM players WHERE id = $1`,
    [playerId],
  );
  return { withdrawable, waiting, locked };
}

describe('the late activation preview', () => {
  it('says before the payment what the activation does: deposits withdrawable at once, up to 300 released, today what the slice gives, the rest game-only', async () => {
    const first = await freeAccount('late1', 700_000, 1_250_000);
    const preview = await t.players.previewActivation(t.dataSource.manager, first);
    expect(preview).toEqual({
      withdrawableAtOnce: 700_000,
      release: ACTIVATION_RELEASE_RUNIK,
      releasesLeftToday: 1_000,
      releasedToday: 1_000,
      releaseWaiting: ACTIVATION_RELEASE_RUNIK - 1_000,
      staysGameOnly: 950_000,
    });
    await activate(first);
    expect(await stateOf(first)).toEqual({
      withdrawable: preview.withdrawableAtOnce + preview.releasedToday,
      waiting: preview.releaseWaiting,
      // What waits is still game-only until its day comes; what stays is game-only for good.
      locked: preview.staysGameOnly + preview.releaseWaiting,
    });

    // Today's slice is spent: the next activation's release all waits, and its preview said so.
    const second = await freeAccount('late2', 50_000, 120_000);
    const next = await t.players.previewActivation(t.dataSource.manager, second);
    expect(next).toMatchObject({
      withdrawableAtOnce: 50_000,
      release: 120_000,
      releasesLeftToday: 0,
      releasedToday: 0,
      releaseWaiting: 120_000,
    });
    await activate(second);
    expect(await stateOf(second)).toEqual({ withdrawable: 50_000, waiting: 120_000, locked: 120_000 });
  });

  it('answers 409 for an account already activated', async () => {
    const paid = await t.newPlayer('late3', { activation: 'paid' });
    const refused = await t.players.previewActivation(t.dataSource.manager, paid).catch((error: HttpException) => error);
    expect((refused as HttpException).getStatus()).toBe(409);
    expect((refused as HttpException).getResponse()).toEqual({ error: ErrorMessages.alreadyActivated });
  });
});
