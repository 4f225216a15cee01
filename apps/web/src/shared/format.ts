import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { CommanderBonusesDto, PendingResourcesDto, TroopCounts } from '@runik/contract';
import { formatPoints, formatResourceDecimal, RESOURCE_KEYS, toThousandths, type ResourceKey, type UnitKey } from '@runik/rules';

// How the game words its figures wherever several screens show them: resources, troops, power, times.

const RESOURCE_LABELS: Record<ResourceKey, string> = { wheat: 'Wheat', lumber: 'Lumber', stone: 'Stone', ore: 'Ore' };

export function resourceLabel(resource: ResourceKey): string {
  return RESOURCE_LABELS[resource];
}

/** A resource amount from the API (up to 3 decimals), shown rounded down to 2 decimals like the City screen. */
export function formatAmount(units: number): string {
  return formatResourceDecimal(units);
}

/** Commander bonus and gear percents from the API: up to 3 decimals, without trailing zeros ("12.5", "1,040"). Army power: formatPowerPoints. */
export function formatPower(units: number): string {
  return formatPoints(toThousandths(units));
}

/** Each resource of a loot map, formatted; a resource the map leaves out counts as 0. */
export function resourceLines(loot: Partial<PendingResourcesDto>): { key: ResourceKey; label: string; amount: string }[] {
  return RESOURCE_KEYS.map((key) => ({ key, label: resourceLabel(key), amount: formatAmount(loot[key] ?? 0) }));
}

/** The three troop types, as the attack screens and battle reports name them. */
export const TROOP_TYPES = [
  { key: 'infantry', bonusKey: 'infantry', unitKey: 'infantry', label: 'Infantry' },
  { key: 'archers', bonusKey: 'archer', unitKey: 'archers', label: 'Archers' },
  { key: 'cavalry', bonusKey: 'cavalry', unitKey: 'cavalries', label: 'Cavalry' },
] as const satisfies readonly { key: keyof TroopCounts; bonusKey: keyof CommanderBonusesDto; unitKey: UnitKey; label: string }[];

/** The troop types in the order the city lists them, by their rules key (citadel, throne, battle reports). */
export const TROOPS: readonly { key: UnitKey; label: string }[] = [
  { key: 'infantry', label: 'Infantry' },
  { key: 'archers', label: 'Archers' },
  { key: 'cavalries', label: 'Cavalry' },
];

/** Throne times are UTC, like the vote slots: "Feb 28, 2028, 13:00 UTC" (the throne screen, its notifications). */
export function formatUtc(ms: number): string {
  return `${format(new TZDate(ms, 'UTC'), 'MMM d, yyyy, HH:mm')} UTC`;
}

/** The running UTC clock shown while voting: "13:04:59 UTC". */
export function formatUtcClock(ms: number): string {
  return `${format(new TZDate(ms, 'UTC'), 'HH:mm:ss')} UTC`;
}

/** A war day (00:00 UTC) as a date: "Mar 15, 2028". */
export function formatUtcDay(ms: number): string {
  return format(new TZDate(ms, 'UTC'), 'MMM d, yyyy');
}

const requestTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant in the player's time zone, e.g. May 1, 2026, 2:30 PM (a join request's, a chat mute's end). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : requestTime.format(date);
}

/** When a join request was made, in the player's time zone, e.g. May 1, 2026, 2:30 PM. */
export const formatRequestedAt = formatDateTime;
