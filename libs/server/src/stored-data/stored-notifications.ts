import { z } from 'zod';
import { QUEST_IDS, RESOURCE_KEYS, UNIT_KEYS } from '@runik/rules';
import type { NotificationDataByKind, NotificationKind } from '@runik/contract';
import { countsOf } from './counts';

/**
 * `notifications.data`, one decoder per kind, each checked against the contract's type for it. A notification keeps
 * the keys of the day it was written (they live 30 days): a resource or unit added since is missing from its loot,
 * losses or troops, and reads as none; a key a kind gained after it was first stored (`later`) reads as empty
 * text or zero, as nothing was recorded.
 */
const troopCounts = countsOf(['infantry', 'archers', 'cavalry']);
const army = countsOf(UNIT_KEYS);
const noArmy = () => army.parse({});
const resources = countsOf(RESOURCE_KEYS);
const winner = z.enum(['attacker', 'defender']);
const id = z.number();
const text = z.string();
const amount = z.number();
const alliance = z.object({ allianceId: id, allianceName: text });
/** A key the kind gained after its first notifications were stored (2026-11-25): older rows lack it. */
const laterText = text.default('');
const laterAmount = amount.default(0);
const warDay = { warId: id, warDate: laterText };

const battle = { battleId: id, winner, dead: troopCounts, injured: troopCounts, loot: resources };

const decoders: { [K in NotificationKind]: z.ZodType<NotificationDataByKind[K], unknown> } = {
  attacked: z.object({ ...battle, attacker: text }),
  'attack-resolved': z.object({ ...battle, defender: text }),
  'deposit-credited': z.object({ depositId: id, amount, transactionId: text }),
  'withdrawal-sent': z.object({ withdrawalId: id, amount, transactionId: text }),
  'withdrawal-refunded': z.object({ withdrawalId: id, amount, reason: text }),
  'registration-confirmed': z.object({ registrationId: id.default(0), transactionId: text, paid: laterAmount }),
  'pack-purchase-confirmed': z.object({ purchaseId: id, packCount: z.number(), price: laterAmount, transactionId: laterText }),
  'shop-purchase-confirmed': z.object({ purchaseId: id, itemName: text, price: laterAmount, transactionId: laterText }),
  'listing-sold': z.object({ listingId: id, gearName: text, buyer: text, price: amount, fee: amount, tax: amount, received: amount }),
  'alliance-join-request': alliance.extend({ applicant: text }),
  'alliance-request-accepted': alliance,
  'alliance-request-rejected': alliance,
  'alliance-kicked': alliance,
  'alliance-new-member': alliance.extend({ member: text }),
  'alliance-disbanded': alliance,
  'alliance-mention': z.object({ allianceId: id, messageId: id, author: text, text }),
  'rally-created': z.object({ rallyId: id, leader: text, launchAt: laterText }),
  'rally-joined': z.object({ rallyId: id, member: text, troops: army.default(noArmy) }),
  'rally-launched': z.object({
    rallyId: id,
    battleId: id.nullable(),
    winner: winner.nullable(),
    dead: army.default(noArmy),
    injured: army.default(noArmy),
  }),
  'throne-voting-opened': z.object({ ...warDay, votingClosesAt: laterText }),
  'throne-voting-closed': z.object({ ...warDay, battleStartsAt: laterText }),
  'throne-battle-started': z.object({ ...warDay, battleEndsAt: laterText }),
  'throne-taken': z.object({ warId: id, battleId: id, from: text.nullable() }),
  'throne-lost': z.object({ warId: id, battleId: id, to: text }),
  'throne-rewards': z.object({ warId: id, levels: laterAmount }),
  'boss-defeated': z.object({ floor: z.number(), damage: amount, share: amount }),
  'quest-completed': z.object({ questId: z.enum(QUEST_IDS), title: text, daily: z.boolean() }),
};

/** `notifications.data` of a notification of `kind`. */
export function decodeNotificationData<K extends NotificationKind>(kind: K, stored: unknown): NotificationDataByKind[K] {
  return decoders[kind].parse(stored);
}
