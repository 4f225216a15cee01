import { z } from 'zod';
import { cursorPageQueryFields, hiveUsernameSchema } from '../common/schemas';
import type { BattleWinner, PendingResourcesDto, TroopCounts } from '../attack/attack.contract';
import type { Army } from '../city/city.contract';
import type { QuestId } from '@runik/rules';

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
  attacked: {
    battleId: number;
    attacker: string;
    winner: BattleWinner;
    dead: TroopCounts;
    injured: TroopCounts;
    loot: PendingResourcesDto;
  };
  /** Your attack on another city resolved: who won, your losses and the loot brought home. */
  'attack-resolved': {
    battleId: number;
    defender: string;
    winner: BattleWinner;
    dead: TroopCounts;
    injured: TroopCounts;
    loot: PendingResourcesDto;
  };
  /** Your RNK transfer to the game (Hive Engine transaction `transactionId`) was credited: `amount` RUNIK. */
  'deposit-credited': { depositId: number; amount: number; transactionId: string };
  /** Your withdrawal of `amount` RUNIK reached your Hive Engine wallet as RNK, in transaction `transactionId`. */
  'withdrawal-sent': { withdrawalId: number; amount: number; transactionId: string };
  /** The withdrawal could not be sent: the RUNIK is back in the city. */
  'withdrawal-refunded': { withdrawalId: number; amount: number; reason: string };
  /** Your SWAP.HIVE registration payment (`paid`, transaction `transactionId`) is confirmed: the account is paid. */
  'registration-confirmed': { registrationId: number; transactionId: string; paid: number };
  /** Your SWAP.HIVE payment of `price` for packs is confirmed: they wait to be opened. (RUNIK purchases are answered at once.) */
  'pack-purchase-confirmed': { purchaseId: number; packCount: number; price: number; transactionId: string };
  /** Your SWAP.HIVE payment of `price` for a shop item is confirmed: its rewards are in your city. */
  'shop-purchase-confirmed': { purchaseId: number; itemName: string; price: number; transactionId: string };
  /** Your marketplace listing sold: the price (whole RUNIK), the fee paid when listing, the tax taken and what the sale paid you. */
  'listing-sold': { listingId: number; gearName: string; buyer: string; price: number; fee: number; tax: number; received: number };
  /** To the leader: `applicant` asks to join. */
  'alliance-join-request': { allianceId: number; allianceName: string; applicant: string };
  /** To the applicant: the leader took you in. */
  'alliance-request-accepted': { allianceId: number; allianceName: string };
  /** To the applicant: the leader turned your request down. */
  'alliance-request-rejected': { allianceId: number; allianceName: string };
  /** To the member the leader removed. */
  'alliance-kicked': { allianceId: number; allianceName: string };
  /** To the alliance's other members (not the one who let `member` in). */
  'alliance-new-member': { allianceId: number; allianceName: string; member: string };
  /** To every member but the leader who disbanded it. */
  'alliance-disbanded': { allianceId: number; allianceName: string };
  /** To a member named `@name` in the alliance chat by `author`: the message's id and text. */
  'alliance-mention': { allianceId: number; messageId: number; author: string; text: string };
  /** To the alliance's other members: `leader` gathers a rally on the throne; it marches at `launchAt` (ISO 8601). */
  'rally-created': { rallyId: number; leader: string; launchAt: string };
  /** To the rally's leader: `member` joined with `troops`. */
  'rally-joined': { rallyId: number; member: string; troops: Army };
  /**
   * To every participant: the rally marched. It fought for the throne (`battleId`, the battle's
   * `winner`, your dead and injured), or joined the garrison of your alliance, which held the throne
   * by then (`battleId` and `winner` null, nothing lost).
   */
  'rally-launched': { rallyId: number; battleId: number | null; winner: BattleWinner | null; dead: Army; injured: Army };
  /** To every player in an alliance: leaders vote for the battle time of the war of `warDate` until `votingClosesAt` (ISO 8601). */
  'throne-voting-opened': { warId: number; warDate: string; votingClosesAt: string };
  /** To every player in an alliance: the votes chose the battle's start, `battleStartsAt` (ISO 8601). */
  'throne-voting-closed': { warId: number; warDate: string; battleStartsAt: string };
  /** To every player in an alliance: the throne may be fought for until `battleEndsAt` (ISO 8601). */
  'throne-battle-started': { warId: number; warDate: string; battleEndsAt: string };
  /** To the members of the alliance whose attack (throne battle `battleId`) took the throne from `from` (null when it stood empty). */
  'throne-taken': { warId: number; battleId: number; from: string | null };
  /** To the members of the alliance that lost the throne to `to` in throne battle `battleId`. */
  'throne-lost': { warId: number; battleId: number; to: string };
  /** To each member of the alliance that won the war: every building of yours rose `levels` levels (the leader 2, members 1). */
  'throne-rewards': { warId: number; levels: number };
  /** To every participant: the citadel boss of `floor` fell; your damage and your share of its reward (RUNIK). */
  'boss-defeated': { floor: number; damage: number; share: number };
  /** A quest of yours is complete (issue 36): its reward waits to be claimed on the city screen. */
  'quest-completed': { questId: QuestId; title: string; daily: boolean };
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
  'alliance-mention',
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
  'quest-completed',
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

export const notificationsParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const notificationsQuerySchema = z.strictObject({
  ...cursorPageQueryFields(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
  /** Only these kinds (comma-separated), for the inbox's filter. */
  kind: z
    .string({ error: 'kind must be a comma-separated list of notification kinds.' })
    .transform((kinds) => kinds.split(','))
    .pipe(
      z
        .array(z.enum(NOTIFICATION_KINDS, { error: 'kind must be a comma-separated list of notification kinds.' }))
        .max(NOTIFICATION_KINDS.length),
    )
    .optional(),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

const notificationIdSchema = z
  .number({ error: 'ids must be notification ids.' })
  .int('ids must be notification ids.')
  .positive('ids must be notification ids.')
  .max(Number.MAX_SAFE_INTEGER);
export const markNotificationsReadSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(notificationIdSchema)
        .min(1, 'ids must name at least one notification.')
        .max(NOTIFICATIONS_MAX_READ_IDS, `At most ${NOTIFICATIONS_MAX_READ_IDS} ids at once.`),
    }),
    z.strictObject({ all: z.literal(true, { error: 'all must be true.' }) }),
  ],
  { error: 'Send { ids: [...] } or { all: true }.' },
);
export type MarkNotificationsReadRequest = z.output<typeof markNotificationsReadSchema>;
