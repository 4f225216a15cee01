import { Player } from '../players/player.entity';
import { PlayersService } from '../players/players.service';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { ReferralsService } from './referrals.service';

/**
 * Who referred whom, on a real database: the referrer a registration keeps and the referred
 * players' list. The route's session checks are apps/e2e auth.spec.ts; the list in the game,
 * player-journeys.spec.ts; the referrer read from a paid registration's memo, registration.spec.ts.
 */
const clock = new TestClock('2026-03-01T10:00:00Z');
let t: ServiceTest;
let players: PlayersService;
let referrals: ReferralsService;

beforeAll(async () => {
  t = await createServiceTest({ clock });
  const repository = t.dataSource.getRepository(Player);
  players = t.players;
  referrals = new ReferralsService(repository);
});
afterAll(() => t?.close());

let joined = 0;
/** Registers a player one minute after the previous one, as registration does (free or paid activation). */
async function register(username: string, referrer = '', activation: 'free' | 'paid' = 'free'): Promise<Player> {
  joined += 1;
  clock.set(new Date(Date.parse('2026-03-01T10:00:00Z') + joined * 60_000));
  return t.dataSource.transaction((manager) => players.register(manager, username, referrer, activation));
}

describe('referred players', () => {
  it('starts empty', async () => {
    await register('lonely');
    expect(await referrals.referredPlayers('lonely')).toEqual({ referredPlayers: [], totalReferred: 0, totalRegistered: 0 });
  });

  it('lists free and paid referrals newest first with their counts; registered means a paid activation', async () => {
    await register('host');
    const freeOne = await register('free1', 'host');
    const paidOne = await register('paid1', 'host', 'paid');
    // Someone else's referral and a self-referral do not count for this referrer.
    await register('other1');
    await register('host2', 'host2');

    expect(await referrals.referredPlayers('host')).toEqual({
      referredPlayers: [
        { username: 'paid1', joinedDate: paidOne.createdAt.toISOString(), isRegistered: true },
        { username: 'free1', joinedDate: freeOne.createdAt.toISOString(), isRegistered: false },
      ],
      totalReferred: 2,
      totalRegistered: 1,
    });
  });

  it('falls back to the default referrer for an unknown referrer or oneself', async () => {
    expect((await register('ghost1', 'nobody.here')).referrer).toBe('runik.game');
    expect((await register('mirror1', 'mirror1')).referrer).toBe('runik.game');
    const stored = await t.dataSource.query(`SELECT referrer FROM players WHERE hive_username = ANY($1)`, [['ghost1', 'mirror1']]);
    expect(stored).toEqual([{ referrer: 'runik.game' }, { referrer: 'runik.game' }]);
  });
});
