import {
  AppRoutes,
  type Army,
  NOTIFICATION_KINDS,
  type NotificationDataByKind,
  type NotificationKind,
  type NotificationOf,
  type PendingResourcesDto,
  type TroopCounts,
} from '@runik/contract';
import {
  formatCount,
  formatPowerPoints,
  formatResourceDecimal,
  formatRunikBriefDecimal,
  formatRunikDecimal,
  formatSwapHive,
  RESOURCE_KEYS,
  toThousandths,
  UNIT_KEYS,
  type UnitKey,
} from '@runik/rules';
import { resourceLabel, formatUtc, formatUtcDay } from '../../shared/format';
import { battleReportPath } from '../../shared/battle/battle-reports-api';

/** The inbox filter's groups, in the order it lists them. */
export const NOTIFICATION_GROUPS = [
  { key: 'battles', label: 'Battles' },
  { key: 'payments', label: 'Payments' },
  { key: 'market', label: 'Market' },
  { key: 'alliance', label: 'Alliance' },
  { key: 'throne', label: 'Throne Wars' },
  { key: 'citadel', label: 'Citadel' },
  { key: 'quests', label: 'Quests' },
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number]['key'];

export interface NotificationLink {
  to: string;
  label: string;
}

interface KindWording<K extends NotificationKind> {
  group: NotificationGroup;
  /** The inbox line: what happened, with its numbers. */
  text: (data: NotificationDataByKind[K]) => string;
  /** The toast: a few words. */
  toast: (data: NotificationDataByKind[K]) => string;
  /** Where to see more, when there is such a page. */
  link?: (data: NotificationDataByKind[K]) => NotificationLink;
}

const listFormat = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

// Amounts arrive as whole units with up to 3 decimals; each is shown in the game's one number format.
const runik = (value: number) => `${formatRunikBriefDecimal(value)} RUNIK`;
const swapHive = (value: number) => `${formatSwapHive(toThousandths(value))} SWAP.HIVE`;
const plural = (count: number, one: string, many: string, format: (count: number) => string = formatCount) =>
  `${format(count)} ${count === 1 ? one : many}`;

/** A count's name for one and for many; a mass noun ("infantry", "wheat") has the one. */
type CountName = [one: string, many?: string];

/** "1 archer and 12.50 wheat": the counts above 0 in words (`format` shows each count); null when there are none. */
function countList(counts: [count: number, ...name: CountName][], format: (count: number) => string = formatCount): string | null {
  const parts = counts.filter(([count]) => count > 0).map(([count, one, many = one]) => plural(count, one, many, format));
  return parts.length ? listFormat.format(parts) : null;
}

/** The screens' unit labels (Infantry, Archers, Cavalry) in a sentence: "1 archer", "2 archers". */
const UNIT_NAMES: Record<UnitKey, CountName> = { infantry: ['infantry'], archers: ['archer', 'archers'], cavalries: ['cavalry'] };

const army = (troops: Army) => countList(UNIT_KEYS.map((unit) => [troops[unit], ...UNIT_NAMES[unit]]));
// Raids count troops as TroopCounts, the throne as Army: the same three types under other keys.
const troopCounts = ({ infantry, archers, cavalry }: TroopCounts) => army({ infantry, archers, cavalries: cavalry });
const resources = (loot: PendingResourcesDto) =>
  countList(
    RESOURCE_KEYS.map((key) => [loot[key], resourceLabel(key).toLowerCase()]),
    formatResourceDecimal,
  );

/** "you lost 3 infantry (2 archers wounded)" */
function losses(dead: string | null, wounded: string | null): string {
  return `you lost ${dead ?? 'no troops'}${wounded ? ` (${wounded} wounded)` : ''}`;
}

/** Throne times are UTC, as on the Throne Wars screen. */
const utcTime = (iso: string) => formatUtc(Date.parse(iso));
const utcDay = (iso: string) => formatUtcDay(Date.parse(iso));

const links = {
  raid: ({ battleId }: { battleId: number }) => ({ to: battleReportPath('attack', battleId), label: 'Battle report' }),
  throneBattle: ({ battleId }: { battleId: number }) => ({ to: battleReportPath('throne', battleId), label: 'Battle report' }),
  city: () => ({ to: AppRoutes.city, label: 'Go to city' }),
  packs: () => ({ to: AppRoutes.packs, label: 'Open packs' }),
  p2p: () => ({ to: AppRoutes.p2p, label: 'P2P market' }),
  alliance: () => ({ to: AppRoutes.alliance, label: 'Alliance' }),
  throne: () => ({ to: AppRoutes.thronewars, label: 'Throne Wars' }),
  citadel: () => ({ to: AppRoutes.abyssalcitadel, label: 'Abyssal Citadel' }),
};

const WORDING: { [K in NotificationKind]: KindWording<K> } = {
  attacked: {
    group: 'battles',
    text: ({ attacker, winner, dead, injured, loot }) => {
      if (winner === 'defender')
        return `You drove off ${attacker}'s raid on your city: ${losses(troopCounts(dead), troopCounts(injured))}.`;
      const taken = resources(loot);
      return `${attacker} raided your city: ${losses(troopCounts(dead), troopCounts(injured))}${taken ? `; they took ${taken}` : ''}.`;
    },
    toast: ({ attacker, winner }) => (winner === 'attacker' ? `${attacker} raided your city` : `You drove off ${attacker}'s raid`),
    link: links.raid,
  },
  'attack-resolved': {
    group: 'battles',
    text: ({ defender, winner, dead, injured, loot }) => {
      if (winner === 'defender') return `Your raid on ${defender} was driven off: ${losses(troopCounts(dead), troopCounts(injured))}.`;
      const brought = resources(loot);
      return `Your raid on ${defender} won: ${losses(troopCounts(dead), troopCounts(injured))}${brought ? `; you brought home ${brought}` : ''}.`;
    },
    toast: ({ defender, winner }) => `Your raid on ${defender} ${winner === 'attacker' ? 'won' : 'failed'}`,
    link: links.raid,
  },
  'deposit-credited': {
    group: 'payments',
    text: ({ amount: credited }) => `Your deposit of ${runik(credited)} is credited to your city.`,
    toast: ({ amount: credited }) => `Deposit credited: ${runik(credited)}`,
    link: links.city,
  },
  'withdrawal-sent': {
    group: 'payments',
    text: ({ amount: sent }) => `Your withdrawal of ${runik(sent)} reached your Hive Engine wallet as RNK.`,
    toast: ({ amount: sent }) => `Withdrawal sent: ${formatRunikDecimal(sent)} RNK`,
  },
  'withdrawal-refunded': {
    group: 'payments',
    text: ({ amount: refunded, reason }) =>
      `Your withdrawal of ${runik(refunded)} could not be sent (${reason}): the RUNIK is back in your city.`,
    toast: ({ amount: refunded }) => `Withdrawal refunded: ${runik(refunded)}`,
    link: links.city,
  },
  'registration-confirmed': {
    group: 'payments',
    text: ({ paid }) => `Your registration payment of ${swapHive(paid)} is confirmed: your account is active.`,
    toast: () => 'Registration confirmed',
  },
  'pack-purchase-confirmed': {
    group: 'payments',
    text: ({ packCount, price }) =>
      `Your payment of ${swapHive(price)} for ${plural(packCount, 'pack', 'packs')} is confirmed: ${packCount === 1 ? 'it is' : 'they are'} ready to open.`,
    toast: ({ packCount }) => `${plural(packCount, 'pack', 'packs')} ready to open`,
    link: links.packs,
  },
  'shop-purchase-confirmed': {
    group: 'payments',
    text: ({ itemName, price }) => `Your payment of ${swapHive(price)} for ${itemName} is confirmed: its rewards are in your city.`,
    toast: ({ itemName }) => `${itemName} delivered`,
    link: links.city,
  },
  'listing-sold': {
    group: 'market',
    text: ({ gearName, buyer, price, fee, tax, received }) =>
      `${buyer} bought your ${gearName} for ${runik(price)}: you received ${runik(received)} (listing fee ${formatRunikBriefDecimal(fee)}, tax ${formatRunikBriefDecimal(tax)}).`,
    toast: ({ gearName, buyer }) => `${buyer} bought your ${gearName}`,
    link: links.p2p,
  },
  'alliance-join-request': {
    group: 'alliance',
    text: ({ applicant, allianceName }) => `${applicant} asks to join ${allianceName}.`,
    toast: ({ applicant }) => `${applicant} asks to join your alliance`,
    link: links.alliance,
  },
  'alliance-request-accepted': {
    group: 'alliance',
    text: ({ allianceName }) => `Your request to join ${allianceName} was accepted: welcome aboard.`,
    toast: ({ allianceName }) => `You joined ${allianceName}`,
    link: links.alliance,
  },
  'alliance-request-rejected': {
    group: 'alliance',
    text: ({ allianceName }) => `Your request to join ${allianceName} was declined.`,
    toast: ({ allianceName }) => `${allianceName} declined your request`,
  },
  'alliance-kicked': {
    group: 'alliance',
    text: ({ allianceName }) => `You were removed from ${allianceName}.`,
    toast: ({ allianceName }) => `Removed from ${allianceName}`,
  },
  'alliance-new-member': {
    group: 'alliance',
    text: ({ member, allianceName }) => `${member} joined ${allianceName}.`,
    toast: ({ member }) => `${member} joined your alliance`,
    link: links.alliance,
  },
  'alliance-disbanded': {
    group: 'alliance',
    text: ({ allianceName }) => `${allianceName} was disbanded.`,
    toast: ({ allianceName }) => `${allianceName} was disbanded`,
  },
  'alliance-mention': {
    group: 'alliance',
    text: ({ author, text }) => `${author} mentioned you in the alliance chat: “${text}”`,
    toast: ({ author }) => `${author} mentioned you in the alliance chat`,
    link: links.alliance,
  },
  'rally-created': {
    group: 'throne',
    text: ({ leader, launchAt }) => `${leader} called a rally on the throne: it marches ${utcTime(launchAt)}.`,
    toast: ({ leader }) => `${leader} called a rally`,
    link: links.throne,
  },
  'rally-joined': {
    group: 'throne',
    text: ({ member, troops }) => `${member} joined your rally with ${army(troops) ?? 'no troops'}.`,
    toast: ({ member }) => `${member} joined your rally`,
    link: links.throne,
  },
  'rally-launched': {
    group: 'throne',
    text: ({ battleId, winner, dead, injured }) =>
      battleId === null
        ? 'Your rally reached the throne your alliance already held: it joined the garrison.'
        : `Your rally marched on the throne and ${winner === 'attacker' ? 'won' : 'was beaten back'}: ${losses(army(dead), army(injured))}.`,
    toast: ({ battleId, winner }) => {
      if (battleId === null) return 'Your rally joined the garrison';
      return `Your rally ${winner === 'attacker' ? 'took' : 'failed to take'} the throne`;
    },
    link: ({ battleId }) => (battleId === null ? links.throne() : links.throneBattle({ battleId })),
  },
  'throne-voting-opened': {
    group: 'throne',
    text: ({ warDate, votingClosesAt }) =>
      `Leaders vote for the battle time of the ${utcDay(warDate)} Throne War until ${utcTime(votingClosesAt)}.`,
    toast: () => 'Throne War voting is open',
    link: links.throne,
  },
  'throne-voting-closed': {
    group: 'throne',
    text: ({ warDate, battleStartsAt }) => `The battle of the ${utcDay(warDate)} Throne War starts ${utcTime(battleStartsAt)}.`,
    toast: () => 'Throne War battle time set',
    link: links.throne,
  },
  'throne-battle-started': {
    group: 'throne',
    text: ({ battleEndsAt }) => `The Throne War battle has begun: the throne may be fought for until ${utcTime(battleEndsAt)}.`,
    toast: () => 'The Throne War battle has begun',
    link: links.throne,
  },
  'throne-taken': {
    group: 'throne',
    text: ({ from }) => (from === null ? 'Your alliance took the empty throne.' : `Your alliance took the throne from ${from}.`),
    toast: () => 'Your alliance took the throne',
    link: links.throneBattle,
  },
  'throne-lost': {
    group: 'throne',
    text: ({ to }) => `Your alliance lost the throne to ${to}.`,
    toast: ({ to }) => `The throne fell to ${to}`,
    link: links.throneBattle,
  },
  'throne-rewards': {
    group: 'throne',
    text: ({ levels }) => `Your alliance won the Throne War: every building of yours rose ${plural(levels, 'level', 'levels')}.`,
    toast: ({ levels }) => `Throne War won: buildings up ${plural(levels, 'level', 'levels')}`,
    link: links.city,
  },
  'boss-defeated': {
    group: 'citadel',
    text: ({ floor, damage, share }) =>
      `The floor ${floor} boss of the Abyssal Citadel fell: you dealt ${formatPowerPoints(damage)} damage and earned ${runik(share)}.`,
    toast: ({ floor, share }) => `Floor ${floor} boss defeated: +${runik(share)}`,
    link: links.citadel,
  },
  'quest-completed': {
    group: 'quests',
    text: ({ title, daily }) => `${daily ? 'Daily quest' : 'Quest'} complete: ${title}. Claim its reward on the city screen.`,
    toast: ({ title }) => `Quest complete: ${title}`,
    link: links.city,
  },
};

export interface NotificationWording {
  text: string;
  toast: string;
  link: NotificationLink | null;
}

/** Whether this build knows `kind`: a newer server may store and push kinds it does not. */
export function isKnownKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(WORDING, kind);
}

/** A kind this build does not know: its data cannot be read, so a plain line with nowhere to go. */
const UNKNOWN_KIND: NotificationWording = {
  text: 'Something happened in your realm.',
  toast: 'Something happened in your realm',
  link: null,
};

/** How the inbox and the toasts word a notification, from its kind and data (generic: each kind's wording gets its own data). */
export function describeNotification<K extends NotificationKind>({ kind, data }: NotificationOf<K>): NotificationWording {
  if (!isKnownKind(kind)) return UNKNOWN_KIND;
  const wording: KindWording<K> = WORDING[kind];
  return { text: wording.text(data), toast: wording.toast(data), link: wording.link?.(data) ?? null };
}

/** The kinds of a filter group, in the contract's order. */
export function kindsOf(group: NotificationGroup): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => WORDING[kind].group === group);
}
