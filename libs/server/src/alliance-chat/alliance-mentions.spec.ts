import { ALLIANCE_ICON_IDS } from '@runik/rules';
import { ALLIANCE_MENTION_INTERVAL_SECONDS } from '@runik/contract';
import type { NotificationPush } from '../notifications/notification-push';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { testNotifier } from '../testing/test-notifier';
import { AllianceChatService } from './alliance-chat.service';
import type { AllianceChatRateLimit } from './chat-rate-limit';

/**
 * Mentions notify at most once per sender and target per minute (issue 47): the chat's own rate limit (5
 * messages in 10 s, tested in apps/e2e/src/api/alliance-chat.spec.ts) is left out here, so a burst of 30
 * lines reaches the mention rule itself.
 */
const clock = new TestClock('2027-02-01T10:00:00Z');
let t: ServiceTest;
let chat: AllianceChatService;
beforeAll(async () => {
  t = await createServiceTest({ clock });
  const noPush = { afterCommit: () => undefined, chatLineAfterCommit: () => undefined } as unknown as NotificationPush;
  const noChatLimit = { take: async () => undefined } as unknown as AllianceChatRateLimit;
  chat = new AllianceChatService(t.dataSource, clock, testNotifier(clock), noPush, noChatLimit);
});
afterAll(() => t?.close());

async function allianceOf(tag: string, names: string[]): Promise<number[]> {
  const ids = [];
  for (const name of names) ids.push(await t.newPlayer(name));
  const [{ id }]: { id: number }[] = await t.dataSource.query(
    `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at) VALUES ($1, $2, $3, '', $4, 10, $5) RETURNING id`,
    [`House ${tag}`, tag, ALLIANCE_ICON_IDS[0], ids[0], clock.now()],
  );
  for (const playerId of ids)
    await t.dataSource.query(`INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, $3)`, [
      playerId,
      id,
      clock.now(),
    ]);
  return ids;
}

async function mentionsOf(playerId: number): Promise<{ source: string; data: { author: string } }[]> {
  return t.dataSource.query(`SELECT source, data FROM notifications WHERE player_id = $1 AND kind = 'alliance-mention' ORDER BY id`, [
    playerId,
  ]);
}

describe('alliance mentions', () => {
  it('collapses a burst of 30 mentions of one member by one sender into one notification, per minute', async () => {
    const [, sender, target, other] = await allianceOf('MNT', ['mnlead', 'mnsend', 'mntarg', 'mnother']);
    const lines = await Promise.all(Array.from({ length: 30 }, (_, i) => chat.send(sender, `@mntarg look ${i}`)));
    // Every line is kept; one notification.
    expect(new Set(lines.map(({ message }) => message.id)).size).toBe(30);
    expect(await mentionsOf(target)).toHaveLength(1);

    // Another sender, or another target, has a minute of its own.
    await chat.send(other, '@mntarg me too');
    await chat.send(sender, '@mnother and @mntarg');
    expect(await mentionsOf(target)).toHaveLength(2);
    expect(await mentionsOf(other)).toHaveLength(1);

    // Still within the minute of the burst's notification: nothing more.
    clock.set(new Date(clock.nowMs() + (ALLIANCE_MENTION_INTERVAL_SECONDS - 1) * 1000));
    await chat.send(sender, '@mntarg again');
    expect(await mentionsOf(target)).toHaveLength(2);
    // A minute after it: the next mention notifies again.
    clock.set(new Date(clock.nowMs() + 1000));
    await chat.send(sender, '@mntarg now');
    const mentions = await mentionsOf(target);
    expect(mentions).toHaveLength(3);
    expect(mentions.map((mention) => mention.data.author)).toEqual(['mnsend', 'mnother', 'mnsend']);
  });
});
