import { ApiRoutes, NOTIFICATIONS_MAX_PAGE_SIZE } from '@runik/contract';
import { fromThousandths, RESOURCE_KEYS } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { attack, battlesOf, pastNewcomerShield, setArmy } from '../support/attack';
import { newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { inboxOf, notificationsOf } from '../support/notifications';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const troops = (counts: { infantry: number; archers: number; cavalries: number }) => ({
  infantry: counts.infantry,
  archers: counts.archers,
  cavalry: counts.cavalries,
});

describe('notifications', () => {
  it('tells both sides of a raid what the stored battle says, once, and no one else', async () => {
    const [raider, defender, bystander] = [
      await newCityPlayer(stack, 'nra'),
      await newCityPlayer(stack, 'nde'),
      await newCityPlayer(stack, 'nby'),
    ];
    await setArmy(stack, raider, { infantry: 50, archers: 20, cavalries: 5 });
    await setArmy(stack, defender, { infantry: 10 });
    await pastNewcomerShield(stack, defender);
    await attack(raider, defender.username);
    const [battle] = await battlesOf(stack, { attacker: raider, defender });
    const loot = Object.fromEntries(RESOURCE_KEYS.map((key) => [key, fromThousandths(battle.outcome.loot[key])]));

    const attacked = await notificationsOf(defender, 'attacked');
    expect(attacked).toHaveLength(1);
    expect(attacked[0].readAt).toBeNull();
    expect(attacked[0].data).toEqual({
      battleId: battle.id,
      attacker: raider.username,
      winner: battle.outcome.winner,
      dead: troops(battle.outcome.defender.dead),
      injured: troops(battle.outcome.defender.injured),
      loot,
    });
    const resolved = await notificationsOf(raider, 'attack-resolved');
    expect(resolved.map((notification) => notification.data)).toEqual([
      {
        battleId: battle.id,
        defender: defender.username,
        winner: battle.outcome.winner,
        dead: troops(battle.outcome.attacker.dead),
        injured: troops(battle.outcome.attacker.injured),
        loot,
      },
    ]);
    expect(await notificationsOf(raider, 'attacked')).toEqual([]);
    expect((await inboxOf(bystander)).notifications).toEqual([]);
    const [{ count }] = await queryDatabase<{ count: string }>(stack.database.url, `SELECT count(*) FROM notifications WHERE source = $1`, [
      `battle:${battle.id}`,
    ]);
    expect(Number(count)).toBe(2);
  });

  it('pages newest first by cursor, counts the unread, and marks read only the player’s own', async () => {
    const [player, other] = [await newCityPlayer(stack, 'npg'), await newCityPlayer(stack, 'npo')];
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const [{ id }] = await queryDatabase<{ id: string }>(
        stack.database.url,
        `INSERT INTO notifications (player_id, kind, source, data, created_at) VALUES ($1, 'throne-voting-opened', $2, $3, now()) RETURNING id`,
        [player.playerId, `test:${i}`, JSON.stringify({ warId: i })],
      );
      ids.push(Number(id));
    }
    const [{ id: othersId }] = await queryDatabase<{ id: string }>(
      stack.database.url,
      `INSERT INTO notifications (player_id, kind, source, data, created_at) VALUES ($1, 'throne-voting-opened', 'test:x', '{"warId":9}', now()) RETURNING id`,
      [other.playerId],
    );

    const first = await inboxOf(player, { limit: 2 });
    expect(first.notifications.map((n) => n.id)).toEqual([ids[4], ids[3]]);
    expect(first.unreadCount).toBe(5);
    const second = await inboxOf(player, { limit: 2, cursor: first.nextCursor! });
    const third = await inboxOf(player, { limit: 2, cursor: second.nextCursor! });
    expect([...second.notifications, ...third.notifications].map((n) => n.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(third.nextCursor).toBeNull();
    expect((await inboxOf(player, { kind: ['attacked'] })).notifications).toEqual([]);

    const read = await player.api.post(ApiRoutes.notificationsRead(player.username), { ids: [ids[0], ids[1], Number(othersId)] });
    expect(read.data).toEqual({ unreadCount: 3 });
    expect((await inboxOf(other)).unreadCount).toBe(1);
    const page = await inboxOf(player);
    expect(
      page.notifications
        .filter((n) => n.readAt !== null)
        .map((n) => n.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
    expect((await player.api.post(ApiRoutes.notificationsRead(player.username), { all: true })).data).toEqual({ unreadCount: 0 });
    expect((await inboxOf(other)).unreadCount).toBe(1);
  });

  it('opening the inbox reads what it shows: the same call fired at once counts once, and never reaches another player’s', async () => {
    const [player, other] = [await newCityPlayer(stack, 'nop'), await newCityPlayer(stack, 'noo')];
    const insert = async (playerId: number, source: string) => {
      const [{ id }] = await queryDatabase<{ id: string }>(
        stack.database.url,
        `INSERT INTO notifications (player_id, kind, source, data, created_at) VALUES ($1, 'throne-voting-opened', $2, '{"warId":1}', now()) RETURNING id`,
        [playerId, source],
      );
      return Number(id);
    };
    for (let i = 0; i < 25; i += 1) await insert(player.playerId, `open:${i}`);
    const othersIds = [await insert(other.playerId, 'open:x'), await insert(other.playerId, 'open:y')];

    // What the web app does on opening the inbox: the shown page's unread ids, in one call, here by two tabs at once, five times each.
    const shown = (await inboxOf(player)).notifications.filter((n) => n.readAt === null).map((n) => n.id);
    expect(shown).toHaveLength(20);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => player.api.post(ApiRoutes.notificationsRead(player.username), { ids: shown })),
    );
    expect(answers.map(({ status, data }) => ({ status, data }))).toEqual(Array(10).fill({ status: 200, data: { unreadCount: 5 } }));
    // Each marked once: a later call moves no row's read time.
    const readAts = await queryDatabase<{ id: string; read_at: Date | null }>(
      stack.database.url,
      'SELECT id, read_at FROM notifications WHERE id = ANY($1)',
      [shown],
    );
    expect(readAts.every((row) => row.read_at !== null)).toBe(true);
    expect((await player.api.post(ApiRoutes.notificationsRead(player.username), { ids: shown })).data).toEqual({ unreadCount: 5 });
    const after = await queryDatabase<{ id: string; read_at: Date | null }>(
      stack.database.url,
      'SELECT id, read_at FROM notifications WHERE id = ANY($1)',
      [shown],
    );
    expect(after).toEqual(expect.arrayContaining(readAts));

    // Owned: another player's ids through one's own inbox change nothing of theirs; their inbox's route is refused.
    expect((await player.api.post(ApiRoutes.notificationsRead(player.username), { ids: othersIds })).data).toEqual({ unreadCount: 5 });
    expect((await player.api.post(ApiRoutes.notificationsRead(other.username), { ids: othersIds })).status).toBe(403);
    expect((await inboxOf(other)).unreadCount).toBe(2);
  });

  it('refuses another player’s inbox, no session, and bad input with 4xx and a message', async () => {
    const [player, other] = [await newCityPlayer(stack, 'nbi'), await newCityPlayer(stack, 'nbo')];
    const status = async (call: Promise<{ status: number; data: { error?: string } }>) => {
      const response = await call.catch((error) => error.response);
      return [response.status, typeof response.data.error];
    };
    expect(await status(player.api.get(ApiRoutes.notifications(other.username)))).toEqual([403, 'string']);
    expect(await status(player.api.post(ApiRoutes.notificationsRead(other.username), { all: true }))).toEqual([403, 'string']);
    expect(await status(apiClient(stack.apiUrl).get(ApiRoutes.notifications(player.username)))).toEqual([401, 'string']);
    for (const url of [
      `${ApiRoutes.notifications(player.username)}?limit=0`,
      `${ApiRoutes.notifications(player.username)}?limit=${NOTIFICATIONS_MAX_PAGE_SIZE + 1}`,
      `${ApiRoutes.notifications(player.username)}?cursor=abc`,
      `${ApiRoutes.notifications(player.username)}?kind=attacked,nonsense`,
      `${ApiRoutes.notifications(player.username)}?page=2`,
    ]) {
      expect(await status(player.api.get(url))).toEqual([400, 'string']);
    }
    for (const body of [
      {},
      { ids: [] },
      { ids: [-1] },
      { ids: ['1'] },
      { all: false },
      { all: true, ids: [1] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      expect(await status(player.api.post(ApiRoutes.notificationsRead(player.username), body))).toEqual([400, 'string']);
    }
  });
});
