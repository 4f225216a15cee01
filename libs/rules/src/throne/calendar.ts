import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { lastDayOfMonth } from 'date-fns/lastDayOfMonth';

/** Throne Wars happen on the 15th and the last day of each month (UTC), spec section 9. */
export const THRONE_WAR_DAY_OF_MONTH = 15;
/** The battle-time slots a leader votes for, UTC (spec section 9). */
export const THRONE_SLOTS = ['1:00', '7:00', '13:00', '19:00'] as const;
export type ThroneSlot = (typeof THRONE_SLOTS)[number];
/** With no vote at all the battle starts at this slot (docs/throne.md). */
export const DEFAULT_THRONE_SLOT: ThroneSlot = '13:00';

const UTC = 'UTC';

export interface WarSchedule {
  /** The war day, yyyy-MM-dd (UTC). */
  warDate: string;
  /** 00:01 UTC the day before the war. */
  votingOpensAt: Date;
  /** 00:00 UTC on the war day: every slot is still ahead. */
  votingClosesAt: Date;
  /** When each slot's battle would start. */
  slotStarts: Record<ThroneSlot, Date>;
  /** 00:00 UTC after the war day: a war nobody has won by then goes to whoever holds the throne. */
  battleEndsAt: Date;
}

function utcDay(year: number, month: number, day: number, hours = 0, minutes = 0): TZDate {
  return new TZDate(year, month, day, hours, minutes, 0, UTC);
}

/** The war days of a month: the 15th and the last day. */
export function warDaysOfMonth(year: number, month: number): number[] {
  return [THRONE_WAR_DAY_OF_MONTH, lastDayOfMonth(utcDay(year, month, 1)).getDate()];
}

export function warSchedule(warDate: string): WarSchedule {
  const [year, month, day] = warDate.split('-').map(Number);
  const start = utcDay(year, month - 1, day);
  const votingOpens = addDays(start, -1);
  votingOpens.setMinutes(1);
  const slotStarts = Object.fromEntries(
    THRONE_SLOTS.map((slot) => [slot, new Date(utcDay(year, month - 1, day, Number(slot.split(':')[0])).getTime())]),
  ) as Record<ThroneSlot, Date>;
  return {
    warDate,
    votingOpensAt: new Date(votingOpens.getTime()),
    votingClosesAt: new Date(start.getTime()),
    slotStarts,
    battleEndsAt: new Date(addDays(start, 1).getTime()),
  };
}

/** The war of the UTC day `ms` falls on, or the next one: a war day's war stays "current" all that day. */
export function currentOrNextWar(ms: number): WarSchedule {
  const today = new TZDate(ms, UTC);
  for (let monthOffset = 0; monthOffset < 2; monthOffset++) {
    const month = new TZDate(today.getFullYear(), today.getMonth() + monthOffset, 1, 0, 0, 0, UTC);
    for (const day of warDaysOfMonth(month.getFullYear(), month.getMonth())) {
      const candidate = utcDay(month.getFullYear(), month.getMonth(), day);
      if (candidate.getTime() + 86_400_000 > ms) return warSchedule(format(candidate, 'yyyy-MM-dd'));
    }
  }
  throw new Error('unreachable: every month has two war days');
}

/** The war after the given one. */
export function warAfter(warDate: string): WarSchedule {
  return currentOrNextWar(warSchedule(warDate).votingClosesAt.getTime() + 86_400_000);
}

/** The slot with the most votes; a tie goes to the earliest tied slot, no vote at all to the default slot. */
export function winningSlot(votes: Partial<Record<ThroneSlot, number>>): ThroneSlot {
  let best: ThroneSlot | null = null;
  for (const slot of THRONE_SLOTS) {
    const count = votes[slot] ?? 0;
    if (count > 0 && (best === null || count > (votes[best] ?? 0))) best = slot;
  }
  return best ?? DEFAULT_THRONE_SLOT;
}
