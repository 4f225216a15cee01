import { MAX_CITY_HALL_LEVEL } from '@runik/rules';
import { Archetype, ArchetypeMix, population } from './archetypes';
import { EconomyConstants } from './constants';
import { ConservationCheck, LedgerDay } from './ledger';
import { DAY_MS, START_MS } from './time';
import { DayActivity, World } from './world';

export interface SimulationOptions {
  days: number;
  bots: number;
  seed: number;
  constants: EconomyConstants;
  mix?: ArchetypeMix;
  altsPerFarmer?: number;
}

/** One day's figures; RUNIK in thousandths. */
export interface DayFigures {
  day: number;
  players: number;
  ledger: LedgerDay;
  activity: DayActivity;
  check: ConservationCheck;
  medianBalance: number;
  topPercentBalance: number;
  /** Players (alts aside) at each City Hall level, index 0 for level 1. */
  cityHalls: number[];
  /** Mean over active paid players: RUNIK earned in the game that day (withdrawable), and that less what they spent in the game. */
  activeEarned: number;
  activeNet: number;
  /** Mean RUNIK value of the loot a farmer brought home from its own alts that day. */
  altFarmPerFarmer: number;
  citadelFloor: number;
}

export interface SimulationResult {
  options: SimulationOptions;
  population: Record<Archetype, number>;
  days: DayFigures[];
  /** RUNIK held by paid players when the run ends (thousandths). */
  paidBalancesAtEnd: number;
  /** City Hall level of each player (alts aside) 7 days after joining, by archetype. */
  cityHallAfterWeek: Record<Archetype, number[]>;
}

/** A failed per-day conservation check: the run stops with it. */
export class ConservationError extends Error {}

const WEEK_MS = 7 * DAY_MS;

/** Plays the given days; throws ConservationError the first day the ledger does not balance. */
export function simulate(options: SimulationOptions): SimulationResult {
  const world = new World(options, options.days);
  const cityHallAfterWeek = { casual: [], active: [], whale: [], trader: [], farmer: [], alt: [] } as Record<Archetype, number[]>;
  const recordedWeek = new Set<number>();
  const days: DayFigures[] = [];
  for (let day = 0; day < options.days; day += 1) {
    world.playDay(day);
    const activity = world.closeActivity();
    const dayEndMs = START_MS + (day + 1) * DAY_MS;
    const ledger = world.ledger.closeDay();
    const check = world.ledger.check();
    if (!check.ok) {
      throw new ConservationError(`Day ${day + 1}: RUNIK not conserved (drift ${check.drift} thousandths, ${check.negativeAccounts} negative balances)`);
    }
    const joined = world.bots.filter((bot) => bot.joinMs < dayEndMs);
    const players = joined.filter((bot) => bot.archetype !== 'alt');
    for (const bot of players) {
      if (recordedWeek.has(bot.id) || bot.joinMs + WEEK_MS > dayEndMs) continue;
      recordedWeek.add(bot.id);
      cityHallAfterWeek[bot.archetype].push(bot.city.chLevel);
    }
    const balances = joined.map((bot) => bot.city.runik).sort((a, b) => a - b);
    const cityHalls = new Array<number>(MAX_CITY_HALL_LEVEL).fill(0);
    for (const bot of players) cityHalls[bot.city.chLevel - 1] += 1;
    const actives = players.filter((bot) => bot.archetype === 'active');
    const earned = sum(actives.map((bot) => ledger.earnedBy.get(bot.id) ?? 0));
    const spent = sum(actives.map((bot) => ledger.spentBy.get(bot.id) ?? 0));
    const farmers = players.filter((bot) => bot.archetype === 'farmer').length;
    days.push({
      day: day + 1,
      players: players.length,
      ledger,
      activity,
      check,
      medianBalance: percentile(balances, 50),
      topPercentBalance: percentile(balances, 99),
      cityHalls,
      activeEarned: actives.length ? Math.floor(earned / actives.length) : 0,
      activeNet: actives.length ? Math.floor((earned - spent) / actives.length) : 0,
      altFarmPerFarmer: farmers ? Math.floor(activity.altFarmLoot / farmers) : 0,
      citadelFloor: world.citadel.floor,
    });
  }
  return {
    options,
    population: population(options.bots, world.mix, world.altsPerFarmer),
    days,
    paidBalancesAtEnd: sum(world.bots.filter((bot) => bot.behaviour.paid).map((bot) => bot.city.runik)),
    cityHallAfterWeek,
  };
}

export function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1))];
}

export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}
