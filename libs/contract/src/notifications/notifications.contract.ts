import { z } from 'zod';
import { hiveUsernameSchema } from '../common/schemas';
import type { BattleWinner, PendingResourcesDto, TroopCounts } from '../attack/attack.contract';

/** Notifications older than this are deleted (a daily job): the inbox is news, the battle log and payment history are the record. */
export const NOTIFICATION_RETENTION_DAYS = 30;
/** A page of GET /api/notifications/{username}: `limit` defaults to 20 and may be 1 to 100. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** At most this many ids in one POST /api/notifications/{username}/read. */
export const NOTIFICATIONS_MAX_READ_IDS = 100;

/** Socket.IO: the path on the api, and the event that carries one stored notification (a `NotificationDto`). */
export const SOCKET_PATH = '/socket.io';
export const NOTIFICATION_EVENT = 'notification';
/** To an alliance's room when its members change: `{ allianceId }`; clients refresh what they show of it. */
export const ALLIANCE_CHANGED_EVENT = 'alliance-changed';

/**
 * What each kind of notification carries. Amounts are numbers in the API's display units (RUNIK
 * and resources to 3 decimals) unless named as the chain's decimal strings (`quantity`).
 */
export interface NotificationDataByKind {
  /** Your city was raided: the attacker, who won, your losses and the loot taken from you. */
  attacked: { battleId: number; attacker: string; winner: BattleWinner; dead: TroopCounts; injured: TroopCounts; loot: PendingResourcesDto };
  /** Your attack on another city resolved: who won, your losses and the loot brought home. */
  'attack-resolved': { battleId: number; defender: string; winner: BattleWinner; dead: TroopCounts; injured: TroopCounts; loot: PendingResourcesDto };
  'deposit-credited': { depositId: number; amount: number; transactionId: string };
  'withdrawal-sent': { withdrawalId: number; amount: number; transactionId: string };
  /** The withdrawal could not be sent: the RUNIK is back in the city. */
  'withdrawal-refunded': { withdrawalId: number; amount: number; reason: string };
  'registration-confirmed': { transactionId: string };
  'pack-purchase-confirmed': { purchaseId: number; packCount: number; currency: string };
  'shop-purchase-confirmed': { purchaseId: number; itemName: string };
  /** Your marketplace listing sold: the price, the fee and the tax taken, and what you received. */
  'listing-sold': { listingId: number; gearName: string; buyer: string; price: number; fee: number; tax: number; received: number };
  /** To the leader: someone asks to join. */
  'alliance-join-request': { allianceId: number; allianceName: string; applicant: string };
  'alliance-request-accepted': { allianceId: number; allianceName: string };
  'alliance-request-rejected': { allianceId: number; allianceName: string };
  'alliance-kicked': { allianceId: number; allianceName: string };
  /** To the alliance's other members. */
  'alliance-new-member': { allianceId: number; allianceName: string; member: string };
  'alliance-disbanded': { allianceId: number; allianceName: string };
  'rally-created': { rallyId: number; leader: string };
  'rally-joined': { rallyId: number; member: string };
  /** The rally marched on the throne; `winner` is the battle's. */
  'rally-launched': { rallyId: number; battleId: number; winner: BattleWinner };
  'throne-voting-opened': { warId: number };
  'throne-voting-closed': { warId: number };
  'throne-battle-started': { warId: number };
  /** Your alliance took the throne (from `from`, null when it stood empty). */
  'throne-taken': { warId: number; battleId: number; from: string | null };
  /** Your alliance lost the throne to `to`. */
  'throne-lost': { warId: number; battleId: number; to: string };
  'throne-rewards': { warId: number; amount: number };
  /** The citadel boss of `floor` fell: your damage and your share of its reward. */
  'boss-defeated': { floor: number; damage: number; share: number };
}

export type NotificationKind = keyof NotificationDataByKind;

/** Every kind, for filters and validation (the order the inbox's filter lists them). */
export const NOTIFICATION_KINDS = [
  'attacked',
  'attack-resolved',
  'deposit-credited',
  'withdrawal-sent',
  'withdrawal-refunded',
  'registration-confirmed',
  'pack-purchase-confirmed',
  'shop-purchase-confirmed',
  'listing-sold',
  'alliance-join-request',
  'alliance-request-accepted',
  'alliance-request-rejected',
  'alliance-kicked',
  'alliance-new-member',
  'alliance-disbanded',
  'rally-created',
  'rally-joined',
  'rally-launched',
  'throne-voting-opened',
  'throne-voting-closed',
  'throne-battle-started',
  'throne-taken',
  'throne-lost',
  'throne-rewards',
  'boss-defeated',
] as const satisfies readonly NotificationKind[];

// Every kind of the data map is listed above (the compiler walks a new kind into the list).
type UnlistedKinds = Exclude<NotificationKind, (typeof NOTIFICATION_KINDS)[number]>;
const allKindsListed: UnlistedKinds extends never ? true : never = true;
void allKindsListed;

/** One stored notification of kind `K`. */
export interface NotificationOf<K extends NotificationKind> {
  id: number;
  kind: K;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** When the player marked it read; null while unread. */
  readAt: string | null;
  data: NotificationDataByKind[K];
}

/** One stored notification, as the REST list and the `notification` socket event carry it. */
export type NotificationDto = { [K in NotificationKind]: NotificationOf<K> }[NotificationKind];

/** GET /api/notifications/{username}?cursor=&limit=&kind=: newest first. */
export interface NotificationsResponse {
  notifications: NotificationDto[];
  /** Unread notifications of the player (all kinds). */
  unreadCount: number;
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** POST /api/notifications/{username}/read. */
export interface MarkNotificationsReadResponse {
  unreadCount: number;
}

const CURSOR_MESSAGE = 'cursor must be a nextCursor this API returned.';
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}.`;

export const notificationsParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const notificationsQuerySchema = z.strictObject({
  cursor: z.string({ error: CURSOR_MESSAGE }).regex(/^[1-9]\d{0,15}$/, CURSOR_MESSAGE).transform(Number).optional(),
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= NOTIFICATIONS_MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .optional()
    .transform((limit) => limit ?? NOTIFICATIONS_PAGE_SIZE),
  /** Only these kinds (comma-separated), for the inbox's filter. */
  kind: z
    .string({ error: 'kind must be a comma-separated list of notification kinds.' })
    .transform((kinds) => kinds.split(','))
    .pipe(z.array(z.enum(NOTIFICATION_KINDS, { error: 'kind must be a comma-separated list of notification kinds.' })).max(NOTIFICATION_KINDS.length))
    .optional(),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

const notificationIdSchema = z.number({ error: 'ids must be notification ids.' }).int('ids must be notification ids.').positive('ids must be notification ids.').max(Number.MAX_SAFE_INTEGER);
export const markNotificationsReadSchema = z.union(
  [
    z.strictObject({ ids: z.array(notificationIdSchema).min(1, 'ids must name at least one notification.').max(NOTIFICATIONS_MAX_READ_IDS, `At most ${NOTIFICATIONS_MAX_READ_IDS} ids at once.`) }),
    z.strictObject({ all: z.literal(true, { error: 'all must be true.' }) }),
  ],
  { error: 'Send { ids: [...] } or { all: true }.' },
);
export type MarkNotificationsReadRequest = z.output<typeof markNotificationsReadSchema>;
