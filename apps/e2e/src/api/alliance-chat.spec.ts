import {
  ALLIANCE_CHAT_RATE_LIMIT,
  ALLIANCE_CHAT_TEXT_MAX,
  AllianceChatLineTexts,
  AllianceChatMessages,
  ApiRoutes,
  TextMessages,
} from '@runik/contract';
import { apiClient } from '../support/api-client';
import { addMembers, chatUnreadCount, newAlliance, setMaxMembers, TestAlliance } from '../support/alliance';
import { ChatListener, chatPage, listenToChat, say, wholeChat } from '../support/alliance-chat';
import type { CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { notificationsOf } from '../support/notifications';
import { newSocketPlayer } from '../support/push';
import { startStack, Stack } from '../support/stack';

/**
 * Alliance chat (issue 37) over HTTP and Socket.IO, on two api replicas: lines reach the members'
 * sockets on either replica and nobody else's; a kicked member hears nothing sent after the kick's
 * answer; pages hold still while lines are written; mutes, the rate limit and the text rules refuse.
 */
let stack: Stack;
let secondApi: string;
const listeners: ChatListener[] = [];
beforeAll(async () => {
  // A stack of its own: a second api replica (a shared stack starts no process for one file).
  stack = await startStack();
  secondApi = await stack.startApi();
}, 120_000);
afterEach(() => {
  for (const { socket } of listeners.splice(0)) socket.close();
});
afterAll(() => stack?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Player = CityPlayer & { token: string };

async function connect(apiUrl: string, player: Player): Promise<ChatListener> {
  const listener = await listenToChat(apiUrl, player.token);
  listeners.push(listener);
  return listener;
}

/** A leader and `count` members, joined through the API (so the chat has its system lines). */
async function allianceOf(count: number, prefix: string): Promise<{ alliance: TestAlliance; leader: Player; members: Player[] }> {
  const [leader, ...members] = await Promise.all(Array.from({ length: count + 1 }, () => newSocketPlayer(stack, prefix)));
  const alliance = await newAlliance(stack, leader);
  await setMaxMembers(stack, alliance, 10);
  await addMembers(leader, alliance, members);
  return { alliance, leader, members };
}

async function sent(player: CityPlayer, text: string): Promise<number> {
  const response = await say(player, text);
  if (response.status !== 200) throw new Error(`say of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data.message.id;
}

const kick = (leader: CityPlayer, target: CityPlayer, alliance: TestAlliance) =>
  leader.api.post(ApiRoutes.allianceKick, { leaderUsername: leader.username, targetUsername: target.username, allianceId: alliance.id });

const storedLines = async (alliance: TestAlliance) =>
  Number(
    (
      await queryDatabase<{ count: string }>(stack.database.url, 'SELECT count(*) FROM alliance_chat_messages WHERE alliance_id = $1', [
        alliance.id,
      ])
    )[0].count,
  );

describe('alliance chat', () => {
  it("reaches every member's sockets on both api replicas and no one else's, and keeps the line", async () => {
    const { leader, members } = await allianceOf(2, 'chlive');
    const [member, other] = members;
    const stranger = await allianceOf(0, 'chstr');
    const loner = await newSocketPlayer(stack, 'chlone');
    const memberSockets = await Promise.all([
      connect(stack.apiUrl, leader),
      connect(secondApi, member),
      connect(stack.apiUrl, other),
      connect(secondApi, other),
    ]);
    const outsiders = await Promise.all([connect(stack.apiUrl, stranger.leader), connect(secondApi, loner)]);

    const id = await sent(member, 'Rally at dawn, bring cavalry');
    const heard = await Promise.all(memberSockets.map((listener) => listener.line('Rally at dawn, bring cavalry')));
    for (const line of heard) expect(line).toMatchObject({ id, author: member.username, text: 'Rally at dawn, bring cavalry' });
    await sleep(500);
    for (const outsider of outsiders) expect(outsider.lines).toEqual([]);

    // Stored, with the system lines of the founding and the two joins (author null) under it.
    const lines = await wholeChat(leader);
    expect(lines.map(({ author, text }) => ({ author, text }))).toEqual([
      { author: member.username, text: 'Rally at dawn, bring cavalry' },
      { author: null, text: AllianceChatLineTexts.joined(other.username) },
      { author: null, text: AllianceChatLineTexts.joined(member.username) },
      { author: null, text: AllianceChatLineTexts.founded(leader.username) },
    ]);
    expect(lines[0]).toEqual({ id, author: member.username, text: 'Rally at dawn, bring cavalry', createdAt: heard[0].createdAt });

    // Outsiders may neither read nor write it.
    for (const outsider of [loner]) {
      expect((await outsider.api.get(ApiRoutes.allianceChat(outsider.username))).status).toBe(403);
      expect((await say(outsider, 'hello?')).status).toBe(403);
    }
    // Another player's name in the path is refused.
    expect((await member.api.get(ApiRoutes.allianceChat(leader.username))).status).toBe(403);
  });

  it("sends a kicked member nothing sent after the kick's answer, on either replica, and refuses their sends", async () => {
    const { alliance, leader, members } = await allianceOf(2, 'chkick');
    const [kicked, stays] = members;
    const kickedSockets = await Promise.all([connect(stack.apiUrl, kicked), connect(secondApi, kicked), connect(secondApi, kicked)]);
    const staysSocket = await connect(stack.apiUrl, stays);

    // Lines keep coming while the kick happens; after its answer, none reaches the kicked member
    // (six lines, then two: the leader's five fit the rate limit).
    let answered = false;
    const afterKick: string[] = [];
    const talking = (async () => {
      for (let i = 0; i < 6; i += 1) {
        const text = `line ${i}`;
        const wasAnswered = answered;
        await sent(i % 2 ? leader : stays, text);
        if (wasAnswered) afterKick.push(text);
      }
    })();
    await sleep(50);
    expect((await kick(leader, kicked, alliance)).status).toBe(200);
    answered = true;
    await talking;
    // Sent through the other replica than the kick's.
    const leaderOnSecond = { ...leader, api: apiClient(secondApi, leader.token) };
    await sent(leaderOnSecond, 'after the kick');
    afterKick.push('after the kick');

    await Promise.all(afterKick.map((text) => staysSocket.line(text)));
    await sleep(500);
    for (const socket of kickedSockets) {
      expect(socket.socket.connected).toBe(true);
      for (const text of afterKick) expect(socket.lines.map((line) => line.text)).not.toContain(text);
    }
    expect(afterKick.length).toBeGreaterThan(0);
    expect((await staysSocket.line(AllianceChatLineTexts.kicked(kicked.username))).author).toBeNull();

    const refused = await say(kicked, 'let me back');
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: AllianceChatMessages.notInAlliance });
    expect((await kicked.api.get(ApiRoutes.allianceChat(kicked.username))).status).toBe(403);

    // A socket the kicked member opens afterwards is not in the room either.
    const later = await connect(secondApi, kicked);
    await sent(leaderOnSecond, 'still not for you');
    await staysSocket.line('still not for you');
    await sleep(300);
    expect(later.lines).toEqual([]);
  });

  it('keeps a leave out of the room, with its line', async () => {
    const { leader, members } = await allianceOf(1, 'chleav');
    const [leaver] = members;
    const socket = await connect(secondApi, leaver);
    const leaderSocket = await connect(stack.apiUrl, leader);
    expect((await leaver.api.post(ApiRoutes.allianceLeave, { hiveUsername: leaver.username })).status).toBe(200);
    await sent(leader, 'bye');
    await leaderSocket.line('bye');
    await sleep(300);
    // The leave's own line is sent before the sockets leave the room; nothing after.
    expect(socket.lines.map((line) => line.text)).toEqual([AllianceChatLineTexts.left(leaver.username)]);
    expect((await wholeChat(leader))[1]).toMatchObject({ author: null, text: AllianceChatLineTexts.left(leaver.username) });
  });

  it('pages newest first, and pages hold still while lines are written', async () => {
    const { alliance, leader, members } = await allianceOf(3, 'chpage');
    // 120 lines written straight into the table (the rate limit would take minutes through the API).
    await queryDatabase(
      stack.database.url,
      `INSERT INTO alliance_chat_messages (alliance_id, author_id, text, created_at)
       SELECT $1, $2, 'seed ' || n, now() FROM generate_series(1, 120) AS n`,
      [alliance.id, members[0].playerId],
    );
    const before = await wholeChat(leader);
    expect(before).toHaveLength(124);

    // Read 7 at a time while three members and the database write more.
    const writing = Promise.all([
      ...members.map(async (member, index) => {
        for (let i = 0; i < ALLIANCE_CHAT_RATE_LIMIT.messages; i += 1) await sent(member, `during ${index}.${i}`);
      }),
      queryDatabase(
        stack.database.url,
        `INSERT INTO alliance_chat_messages (alliance_id, author_id, text, created_at)
         SELECT $1, $2, 'late ' || n, now() FROM generate_series(1, 40) AS n`,
        [alliance.id, members[1].playerId],
      ),
    ]);
    const paged = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await chatPage(leader, { cursor, limit: 7 });
      expect(page.messages.length).toBeLessThanOrEqual(7);
      paged.push(...page.messages);
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    await writing;

    const ids = paged.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    // Every line that was there when paging began is on a page, once; nothing else older than them.
    const beforeIds = before.map((line) => line.id);
    expect(ids.filter((id) => id <= beforeIds[0])).toEqual(beforeIds);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(124 / 7));
    expect(await wholeChat(leader)).toHaveLength(124 + 3 * ALLIANCE_CHAT_RATE_LIMIT.messages + 40);
  });

  it('refuses a muted member until the leader lifts it, and lets only the leader mute and delete', async () => {
    const { leader, members } = await allianceOf(2, 'chmute');
    const [muted, other] = members;
    const mute = (by: CityPlayer, target: CityPlayer, minutes: unknown) =>
      by.api.post(ApiRoutes.allianceChatMute(by.username), { targetUsername: target.username, minutes });

    expect((await mute(other, muted, 10)).status).toBe(403);
    expect((await mute(leader, muted, 7)).status).toBe(400);
    expect((await mute(leader, leader, 10)).data).toEqual({ error: AllianceChatMessages.cannotMuteSelf });
    const muting = await mute(leader, muted, 60);
    expect(muting.status).toBe(200);

    const refused = await say(muted, 'you cannot silence me');
    expect(refused.status).toBe(403);
    const [{ muted_until }] = await queryDatabase<{ muted_until: Date }>(
      stack.database.url,
      'SELECT muted_until FROM alliance_chat_mutes WHERE player_id = $1',
      [muted.playerId],
    );
    expect(refused.data).toEqual({ error: AllianceChatMessages.muted(muted_until.toISOString()) });
    expect(muted_until.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await chatPage(muted)).mutedUntil).toBe(muted_until.toISOString());
    expect((await chatPage(other)).mutedUntil).toBeNull();
    // Others still talk.
    await sent(other, 'the mute holds');

    expect((await other.api.post(ApiRoutes.allianceChatUnmute(other.username), { targetUsername: muted.username })).status).toBe(403);
    expect((await leader.api.post(ApiRoutes.allianceChatUnmute(leader.username), { targetUsername: muted.username })).status).toBe(200);
    const spoken = await sent(muted, 'thank you');

    // Deleting: the leader only; the room hears it and the history drops it.
    const socket = await connect(secondApi, other);
    expect((await other.api.post(ApiRoutes.allianceChatDelete(other.username), { messageId: spoken })).status).toBe(403);
    expect((await leader.api.post(ApiRoutes.allianceChatDelete(leader.username), { messageId: spoken })).status).toBe(200);
    expect((await leader.api.post(ApiRoutes.allianceChatDelete(leader.username), { messageId: spoken })).status).toBe(404);
    for (let i = 0; i < 50 && socket.deleted.length === 0; i += 1) await sleep(100);
    expect(socket.deleted).toEqual([{ allianceId: expect.any(Number), id: spoken }]);
    expect((await wholeChat(leader)).map((line) => line.id)).not.toContain(spoken);
  });

  it('answers 429 with the time left past the rate limit, per player', async () => {
    const { members } = await allianceOf(2, 'chrate');
    const [fast, calm] = members;
    const answers = await Promise.all(Array.from({ length: ALLIANCE_CHAT_RATE_LIMIT.messages + 3 }, (_, i) => say(fast, `spam ${i}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(ALLIANCE_CHAT_RATE_LIMIT.messages);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(3);
    for (const answer of limited) {
      expect(answer.data).toEqual({ error: AllianceChatMessages.tooFast, retryAfterSeconds: expect.any(Number) });
      expect(answer.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(answer.data.retryAfterSeconds).toBeLessThanOrEqual(ALLIANCE_CHAT_RATE_LIMIT.blockSeconds);
      expect(answer.headers['retry-after']).toBe(String(answer.data.retryAfterSeconds));
    }
    // Another player of the alliance is not slowed.
    await sent(calm, 'I am calm');
    // After the time it said, the player may write again.
    await sleep(limited[0].data.retryAfterSeconds * 1000 + 200);
    await sent(fast, 'calmer now');
  }, 30_000);

  it('refuses control, direction and invisible characters with 400 and keeps emoji sequences, other scripts and markup as typed', async () => {
    const { alliance, leader, members } = await allianceOf(1, 'chtext');
    const [member] = members;
    const storedBefore = await storedLines(alliance);
    const refusals: [string, string][] = [
      ['bell \u0007', TextMessages.controlCharacter('A message')],
      ['two\nlines', TextMessages.controlCharacter('A message')],
      ['tab\there', TextMessages.controlCharacter('A message')],
      ['C1 \u0085', TextMessages.controlCharacter('A message')],
      ['line\u2028separator', TextMessages.controlCharacter('A message')],
      ['paragraph\u2029separator', TextMessages.controlCharacter('A message')],
      [`z${'\u0301'.repeat(300)}algo`, TextMessages.stackedMarks('A message')],
      ['abc\u202Eevil', TextMessages.hiddenCharacter('A message')],
      ['isolate \u2066x\u2069', TextMessages.hiddenCharacter('A message')],
      ['mark \u200F', TextMessages.hiddenCharacter('A message')],
      ['zero\u200Bwidth', TextMessages.hiddenCharacter('A message')],
      ['joiner a\u200Db', TextMessages.hiddenCharacter('A message')],
      ['\uFEFFbom', TextMessages.hiddenCharacter('A message')],
      ['soft\u00ADhyphen', TextMessages.hiddenCharacter('A message')],
      ['blank \u2800', TextMessages.hiddenCharacter('A message')],
      ['   ', AllianceChatMessages.textRequired],
      ['x'.repeat(ALLIANCE_CHAT_TEXT_MAX + 1), AllianceChatMessages.textTooLong],
    ];
    for (const [text, error] of refusals) {
      const answer = await say(member, text);
      expect([text, answer.status, answer.data]).toEqual([text, 400, { error }]);
    }
    expect((await say(member, 42)).status).toBe(400);
    expect((await member.api.post(ApiRoutes.allianceChat(member.username), { text: 'hi', extra: 1 })).status).toBe(400);
    expect(await storedLines(alliance)).toBe(storedBefore);

    const accepted = [
      'family 👨‍👩‍👧‍👦 and 🏳️‍🌈 and 👍🏽',
      'Привет, 你好, مرحبا, नमस्ते, क्षत्रिय, Tiếng Việt',
      '<script>alert(1)</script> <b>bold</b> &amp;',
    ];
    for (const text of accepted) await sent(member, text);
    const newest = (await chatPage(leader, { limit: 3 })).messages.map((line) => line.text);
    expect(newest).toEqual([...accepted].reverse());
  });

  it('notifies the member an @name names, counts unread lines and moves the read mark', async () => {
    const { leader, members } = await allianceOf(2, 'chment');
    const [talker, quiet] = members;
    // System lines count (the founding and both joins for the leader); only those since the member joined (their own join).
    const start = await chatUnreadCount(leader);
    expect(start).toBe(3);
    expect(await chatUnreadCount(quiet)).toBe(1);
    const talkerBefore = await chatUnreadCount(talker);

    const id = await sent(talker, `@${leader.username} and @${quiet.username.toUpperCase()}, hold the pass. @nobody-here`);
    await sent(talker, `mail@${leader.username} is no mention`);
    expect(await chatUnreadCount(leader)).toBe(start + 2);
    // Their own lines are not news to the talker.
    expect(await chatUnreadCount(talker)).toBe(talkerBefore);

    const [mention] = await notificationsOf(leader, 'alliance-mention');
    expect(mention.data).toMatchObject({ messageId: id, author: talker.username });
    expect(await notificationsOf(leader, 'alliance-mention')).toHaveLength(1);
    expect(await notificationsOf(quiet, 'alliance-mention')).toHaveLength(1);
    expect(await notificationsOf(talker, 'alliance-mention')).toHaveLength(0);

    const read = await leader.api.post(ApiRoutes.allianceChatRead(leader.username), { upTo: id });
    expect(read.data).toEqual({ unreadCount: 1 });
    // Never past the newest line, never back.
    expect((await leader.api.post(ApiRoutes.allianceChatRead(leader.username), { upTo: 2 ** 50 })).data).toEqual({ unreadCount: 0 });
    expect((await leader.api.post(ApiRoutes.allianceChatRead(leader.username), { upTo: 1 })).data).toEqual({ unreadCount: 0 });
    await sent(talker, 'one more');
    expect(await chatUnreadCount(leader)).toBe(1);

    const loner = await newSocketPlayer(stack, 'chnone');
    expect(await chatUnreadCount(loner)).toBe(0);
    expect((await leader.api.post(ApiRoutes.allianceChatRead(leader.username), { upTo: 'x' })).status).toBe(400);
    expect((await leader.api.get(ApiRoutes.allianceChat(leader.username, { limit: 101 }))).status).toBe(400);
    expect((await leader.api.get(`${ApiRoutes.allianceChat(leader.username)}?cursor=abc`)).status).toBe(400);
  });

  it("notifies a member of one sender's mentions at most once a minute: a burst collapses into one", async () => {
    const { leader, members } = await allianceOf(2, 'chburst');
    const [talker, other] = members;
    // As many at once as the chat's rate limit lets through (the service test, alliance-mentions.spec.ts, sends 30).
    const burst = await Promise.all(
      Array.from({ length: ALLIANCE_CHAT_RATE_LIMIT.messages }, (_, i) => say(talker, `@${leader.username} look ${i}`)),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(ALLIANCE_CHAT_RATE_LIMIT.messages).fill(200));
    expect(await notificationsOf(leader, 'alliance-mention')).toHaveLength(1);
    // Another sender's mention is news.
    await sent(other, `@${leader.username} me too`);
    expect(await notificationsOf(leader, 'alliance-mention')).toHaveLength(2);
  });
});
