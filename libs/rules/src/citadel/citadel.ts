import { TZDate } from '@date-fns/tz';
import { addDays, format, subHours } from 'date-fns';
import { UNIT_KEYS } from '../city/balance-sheet';
import { Troops } from '../combat/army';

/** The citadel's day starts at 08:00 in Manila (spec, section 9). */
export const CITADEL_TIME_ZONE = 'Asia/Manila';
export const CITADEL_RESET_HOUR = 8;

/** The citadel day an instant belongs to, as yyyy-MM-dd of the Manila date it started on. */
export function citadelDay(ms: number): string {
  return format(subHours(new TZDate(ms, CITADEL_TIME_ZONE), CITADEL_RESET_HOUR), 'yyyy-MM-dd');
}

/** When the citadel day containing `ms` ends (the next 08:00 in Manila). */
export function nextCitadelReset(ms: number): Date {
  const day = subHours(new TZDate(ms, CITADEL_TIME_ZONE), CITADEL_RESET_HOUR);
  const next = addDays(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), CITADEL_RESET_HOUR, 0, 0, CITADEL_TIME_ZONE), 1);
  return new Date(next.getTime());
}

/** Boss hit points and reward of a floor (docs/citadel.md): both grow with the floor. */
export const BOSS_BASE_HP = 100_000;
export const BOSS_HP_GROWTH = 1.3;
export const BOSS_BASE_REWARD = 1_000;
export const BOSS_REWARD_GROWTH = 1.2;

/** Hit points in thousandths of a power point (a floor-1 boss is 100 power points). */
export function bossMaxHp(floor: number): number {
  return Math.floor(BOSS_BASE_HP * BOSS_HP_GROWTH ** (floor - 1));
}

/** RUNIK in thousandths, shared by damage among the floor's participants. */
export function bossReward(floor: number): number {
  return Math.floor(BOSS_BASE_REWARD * BOSS_REWARD_GROWTH ** (floor - 1)) * 1000;
}

/** The boss image of a floor: 12 images, cycling (spec, section 9). */
export function bossImage(floor: number): number {
  return ((floor - 1) % 12) + 1;
}

/** The n-th attack of a day kills 0.5% × n and injures 1% × n of each troop type, rounded down, never more than there is. */
export function citadelCasualties(troops: Troops, attackNumber: number): { dead: Troops; injured: Troops } {
  const dead = {} as Troops;
  const injured = {} as Troops;
  for (const unit of UNIT_KEYS) {
    dead[unit] = Math.min(troops[unit], Math.floor((troops[unit] * 5 * attackNumber) / 1000));
    injured[unit] = Math.min(troops[unit] - dead[unit], Math.floor((troops[unit] * 10 * attackNumber) / 1000));
  }
  return { dead, injured };
}

/**
 * The reward split by damage share, each rounded down; what rounding leaves goes to the reward
 * account, so the shares and the remainder sum to the reward exactly.
 */
export function rewardShares(reward: number, damages: { playerId: number; damage: number }[]): { shares: Map<number, number>; remainder: number } {
  const total = damages.reduce((sum, entry) => sum + entry.damage, 0);
  const shares = new Map<number, number>();
  for (const { playerId, damage } of damages) {
    shares.set(playerId, total === 0 ? 0 : Number((BigInt(reward) * BigInt(damage)) / BigInt(total)));
  }
  const paid = [...shares.values()].reduce((sum, share) => sum + share, 0);
  return { shares, remainder: reward - paid };
}

/** Reward history rows returned (spec, section 9). */
export const CITADEL_REWARD_HISTORY_LIMIT = 20;
