import { NotificationsService } from '../notifications/notifications.service';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';

describe('stored notifications, read through their decoders', () => {
  const clock = new TestClock('2026-03-01T10:00:00Z');
  let t: ServiceTest;
  let inbox: NotificationsService;

  beforeAll(async () => {
    t = await createServiceTest({ clock });
    inbox = new NotificationsService(t.dataSource, clock);
  });
  afterAll(() => t?.close());

  it('shows a raid notified before ore and cavalry existed with none of them', async () => {
    const victim = await t.newPlayer('oldinbox');
    // The keys of that day: no ore in the loot, no cavalry among the losses.
    const data = {
      battleId: 7,
      attacker: 'raider',
      winner: 'attacker',
      dead: { infantry: 3, archers: 1 },
      injured: { infantry: 2, archers: 0 },
      loot: { wheat: 12.5, lumber: 3, stone: 0 },
    };
    await t.dataSource.query(
      `INSERT INTO notifications (player_id, kind, source, data, created_at) VALUES ($1, 'attacked', 'battle:7', $2, $3)`,
      [victim, JSON.stringify(data), clock.now()],
    );

    const { notifications, unreadCount } = await inbox.list(victim, { limit: 20 });
    expect(unreadCount).toBe(1);
    expect(notifications).toEqual([
      {
        id: expect.any(Number),
        kind: 'attacked',
        createdAt: clock.now().toISOString(),
        readAt: null,
        data: {
          ...data,
          dead: { infantry: 3, archers: 1, cavalry: 0 },
          injured: { infantry: 2, archers: 0, cavalry: 0 },
          loot: { wheat: 12.5, lumber: 3, stone: 0, ore: 0 },
        },
      },
    ]);
  });

  it('shows a throne vote notified before its date and closing time were stored, with them empty', async () => {
    const member = await t.newPlayer('oldvote');
    await t.dataSource.query(
      `INSERT INTO notifications (player_id, kind, source, data, created_at) VALUES ($1, 'throne-voting-opened', 'war:2', $2, $3)`,
      [member, JSON.stringify({ warId: 2 }), clock.now()],
    );

    const [notification] = (await inbox.list(member, { limit: 20 })).notifications;
    expect(notification.data).toEqual({ warId: 2, warDate: '', votingClosesAt: '' });
  });

  it('shows a rally notified before its troops named cavalries, with none', async () => {
    const leader = await t.newPlayer('oldrally');
    await t.dataSource.query(
      `INSERT INTO notifications (player_id, kind, source, data, created_at) VALUES ($1, 'rally-joined', 'rally:3', $2, $3)`,
      [leader, JSON.stringify({ rallyId: 3, member: 'friend', troops: { infantry: 40, archers: 10 } }), clock.now()],
    );

    const [notification] = (await inbox.list(leader, { limit: 20 })).notifications;
    expect(notification.data).toEqual({ rallyId: 3, member: 'friend', troops: { infantry: 40, archers: 10, cavalries: 0 } });
  });
});
