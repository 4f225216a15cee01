import { z } from 'zod';
import { cursorPageQueryFields, hiveUsernameSchema } from '../common/schemas';
import { plainText } from '../common/text';

/** Alliance chat (issue 37; not in the spec). What was chosen where nothing was said: docs/decisions.md "Alliance chat". */
/** Lines older than this are deleted (a daily job): the chat is for planning, not a record. */
export const ALLIANCE_CHAT_RETENTION_DAYS = 30;
/** A message's longest text, in UTF-16 code units as every other text limit of the API (an emoji counts 2). */
export const ALLIANCE_CHAT_TEXT_MAX = 500;
/** A page of history: `limit` defaults to 50 and may be 1 to 100. */
export const ALLIANCE_CHAT_PAGE_SIZE = 50;
export const ALLIANCE_CHAT_MAX_PAGE_SIZE = 100;
/** Per player: at most this many messages in a window; the one past it is refused (429) until the block ends. */
export const ALLIANCE_CHAT_RATE_LIMIT = { messages: 5, windowSeconds: 10, blockSeconds: 10 } as const;
/** One `alliance-mention` notification per sender and target in this many seconds: the mentions of a burst after the first notify nobody (the lines stay). */
export const ALLIANCE_MENTION_INTERVAL_SECONDS = 60;
/** The mutes a leader may give, in minutes: 10 minutes, an hour, a day, a week. */
export const ALLIANCE_CHAT_MUTE_MINUTES = [10, 60, 1440, 10080] as const;
export type AllianceChatMuteMinutes = (typeof ALLIANCE_CHAT_MUTE_MINUTES)[number];

/** Socket.IO events to the alliance's room: a new line (`AllianceChatEvent`), a line the leader deleted (`AllianceChatDeletedEvent`). */
export const ALLIANCE_CHAT_EVENT = 'alliance-chat';
export const ALLIANCE_CHAT_DELETED_EVENT = 'alliance-chat-deleted';

/** One line of the channel. A system line (a join, a leave, a kick, a rally, a boss) has `author: null`. */
export interface AllianceChatMessageDto {
  id: number;
  author: string | null;
  text: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export type AllianceChatEvent = AllianceChatMessageDto & { allianceId: number };
export interface AllianceChatDeletedEvent {
  allianceId: number;
  id: number;
}

/** GET /api/alliance/chat/{username}?cursor=&limit=: newest first. */
export interface AllianceChatResponse {
  messages: AllianceChatMessageDto[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Until when the viewer may not write (ISO 8601), null when they may. */
  mutedUntil: string | null;
}

/** POST /api/alliance/chat/{username}. */
export interface AllianceChatSendResponse {
  message: AllianceChatMessageDto;
}

/** GET /api/alliance/chat/{username}/unread and POST .../read: lines of others since the member's read mark (and since they joined). */
export interface AllianceChatUnreadResponse {
  unreadCount: number;
}

export interface AllianceChatActionResponse {
  success: true;
  message: string;
}

const utcMinute = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A mute's end as the server's messages word it, in UTC: "Nov 28, 2026, 22:55 UTC" (an unreadable time stays as given). */
export function muteEndText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${utcMinute.format(date)} UTC`;
}

export const AllianceChatMessages = {
  notInAlliance: 'You are not in an alliance.',
  textRequired: 'Write a message first.',
  textTooLong: `A message may be at most ${ALLIANCE_CHAT_TEXT_MAX} characters.`,
  /** `untilIso` worded in UTC (the server knows no time zone): "until Nov 28, 2026, 22:55 UTC". */
  muted: (untilIso: string) => `The leader muted you in the alliance chat until ${muteEndText(untilIso)}.`,
  tooFast: 'You are sending messages too fast.',
  messageNotFound: 'No such message in your alliance chat.',
  invalidMessageId: 'Invalid message id.',
  targetNotMember: 'This player is not a member of your alliance.',
  cannotMuteSelf: 'You cannot mute yourself.',
  muteDuration: `A mute lasts ${ALLIANCE_CHAT_MUTE_MINUTES.join(', ')} minutes.`,
  deleted: 'Message deleted.',
  mutedDone: (username: string, untilIso: string) => `${username} is muted until ${muteEndText(untilIso)}.`,
  unmuted: (username: string) => `${username} may write again.`,
  notMuted: 'This player is not muted.',
  failedSend: 'Failed to send the message.',
  failedLoad: 'Failed to load the alliance chat.',
} as const;

/** The texts of system lines, written in the channel when the thing happens. */
export const AllianceChatLineTexts = {
  founded: (founder: string) => `${founder} founded the alliance.`,
  joined: (member: string) => `${member} joined the alliance.`,
  left: (member: string) => `${member} left the alliance.`,
  leftNewLeader: (member: string, heir: string) => `${member} left the alliance. ${heir} leads it now.`,
  kicked: (member: string) => `${member} was removed from the alliance.`,
  rallyFought: (leader: string, won: boolean) => `${leader}'s rally marched on the throne and ${won ? 'took it' : 'was beaten back'}.`,
  rallyReinforced: (leader: string) => `${leader}'s rally marched and joined the throne's garrison.`,
  bossDefeated: (floor: number, fighters: readonly string[]) => `The floor ${floor} boss fell. Fought by ${fighters.join(', ')}.`,
} as const;

export const allianceChatParamsSchema = z.strictObject({ username: hiveUsernameSchema });

export const allianceChatQuerySchema = z.strictObject(cursorPageQueryFields(ALLIANCE_CHAT_PAGE_SIZE, ALLIANCE_CHAT_MAX_PAGE_SIZE));
export type AllianceChatQuery = z.output<typeof allianceChatQuerySchema>;

/** One line of text, without control, direction or invisible characters (an emoji ZWJ sequence's joiners allowed): plainText. */
export const allianceChatSendSchema = z.strictObject({
  text: plainText(z.string({ error: AllianceChatMessages.textRequired }), 'A message')
    .trim()
    .min(1, AllianceChatMessages.textRequired)
    .max(ALLIANCE_CHAT_TEXT_MAX, AllianceChatMessages.textTooLong),
});
export type AllianceChatSendRequest = z.infer<typeof allianceChatSendSchema>;

const messageIdSchema = z
  .number({ error: AllianceChatMessages.invalidMessageId })
  .int(AllianceChatMessages.invalidMessageId)
  .positive(AllianceChatMessages.invalidMessageId)
  .max(Number.MAX_SAFE_INTEGER, AllianceChatMessages.invalidMessageId);

/** POST .../read: the newest id the member has seen. */
export const allianceChatReadSchema = z.strictObject({ upTo: messageIdSchema });
export type AllianceChatReadRequest = z.infer<typeof allianceChatReadSchema>;

/** POST .../delete (leader only). */
export const allianceChatDeleteSchema = z.strictObject({ messageId: messageIdSchema });
export type AllianceChatDeleteRequest = z.infer<typeof allianceChatDeleteSchema>;

/** POST .../mute (leader only). */
export const allianceChatMuteSchema = z.strictObject({
  targetUsername: hiveUsernameSchema,
  minutes: z.union(
    ALLIANCE_CHAT_MUTE_MINUTES.map((minutes) => z.literal(minutes)),
    { error: AllianceChatMessages.muteDuration },
  ),
});
export type AllianceChatMuteRequest = z.infer<typeof allianceChatMuteSchema>;

/** POST .../unmute (leader only). */
export const allianceChatUnmuteSchema = z.strictObject({ targetUsername: hiveUsernameSchema });
export type AllianceChatUnmuteRequest = z.infer<typeof allianceChatUnmuteSchema>;

/** `@name` in a message: a Hive name (3-16 of a-z, 0-9, '.', '-'; a trailing '.' or '-' is punctuation) not glued to a word before it. */
const MENTION = /(?<![\w.@-])@([a-z][a-z0-9.-]{2,15})/giu;

/** The names a message mentions, lower-cased, each once (the server keeps those that are members). */
export function mentionedNames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => match[1].toLowerCase().replace(/[.-]+$/u, '')))];
}
