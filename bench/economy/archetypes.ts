import { recordOf } from '@runik/rules';

/**
 * Who plays (issue 18, item 3; the ones that try to break the economy: its item 4). Each archetype's
 * weight is its share of the population; a farmer is an active paid player who also owns free alt
 * accounts (its alts count towards the population); a multi-account actor counts its k paid accounts.
 */
export const ARCHETYPES = [
  'casual',
  'active',
  'whale',
  'trader',
  'farmer',
  'cashout',
  'multi',
  'activator',
  'arbitrageur',
  'swarm',
  'capper',
  'alt',
] as const;
export type Archetype = (typeof ARCHETYPES)[number];
export type PlayingArchetype = Exclude<Archetype, 'alt'>;

export type ArchetypeMix = Record<PlayingArchetype, number>;

/** Issue 18's mix, with a few of each archetype that tries to break the economy. */
export const DEFAULT_MIX: ArchetypeMix = {
  casual: 45,
  active: 22,
  whale: 5,
  trader: 5,
  farmer: 3,
  cashout: 5,
  multi: 1,
  activator: 3,
  arbitrageur: 2,
  swarm: 0,
  capper: 0,
};
export const DEFAULT_ALTS_PER_FARMER = 4;
/** Paid accounts one multi-account actor plays. */
export const MULTI_ACCOUNTS = 5;

export interface Behaviour {
  /** A paid activation: may withdraw, and raids by paid players reach it. */
  paid: boolean;
  /** Visits a day, evenly spaced from a random offset of the bot's. */
  visitsPerDay: number;
  /** The first visit of the day falls in [firstVisitFromHour, + spreadHours) UTC. */
  firstVisitFromHour: number;
  /** Share of the held resources trained into troops at each visit. */
  armyShare: number;
  /** Raids weaker cities with the attack charges it has. */
  raids: boolean;
  /** Citadel attacks a day (each one kills more: 0.5% × n). */
  citadelAttacksPerDay: number;
  /** Upgrades its military buildings too. */
  upgradesMilitary: boolean;
  /** Looks at the marketplace once a day for gear that beats what it wears. */
  buysGear: boolean;
  /** From this City Hall level on it buys nothing more and withdraws all it may (null: plays on). */
  cashOutFromCityHall: number | null;
}

/** A cap filler's accounts: enough to fill the game's daily withdrawal cap (50,000 RUNIK) at 1,000 RUNIK each. */
export const CAP_FILLER_ACCOUNTS = 50;

/** Cash-out players stop at City Hall 10 and withdraw everything from then on. */
export const CASH_OUT_CITY_HALL = 10;
/** A late activator plays free this many days (growing to City Hall 10, then hoarding), then pays the late fee. */
export const ACTIVATE_AFTER_DAYS = 45;
/** Pouches an arbitrageur buys a day while RNK trades above the reference rate. */
export const POUCHES_PER_DAY = 4;

/** An account that only comes by once a day for its own errand: no army, no raids, no citadel, no gear. */
const ONE_VISIT_A_DAY = {
  visitsPerDay: 1,
  firstVisitFromHour: 0,
  armyShare: 0,
  raids: false,
  citadelAttacksPerDay: 0,
  upgradesMilitary: false,
  buysGear: false,
} as const satisfies Partial<Behaviour>;

export const BEHAVIOURS: Record<Archetype, Behaviour> = {
  // Two visits a day, morning and evening: harvests, converts everything, upgrades; a small guard.
  casual: {
    paid: true,
    visitsPerDay: 2,
    firstVisitFromHour: 7,
    armyShare: 0.1,
    raids: false,
    citadelAttacksPerDay: 0,
    upgradesMilitary: false,
    buysGear: false,
    cashOutFromCityHall: null,
  },
  // Harvests every 4 hours, raids, fights the citadel twice a day.
  active: {
    paid: true,
    visitsPerDay: 6,
    firstVisitFromHour: 0,
    armyShare: 0.35,
    raids: true,
    citadelAttacksPerDay: 2,
    upgradesMilitary: true,
    buysGear: true,
    cashOutFromCityHall: null,
  },
  // Three visits a day, pays SWAP.HIVE for packs and shop items, speeds training up.
  whale: {
    paid: true,
    visitsPerDay: 3,
    firstVisitFromHour: 0,
    armyShare: 0.3,
    raids: true,
    citadelAttacksPerDay: 2,
    upgradesMilitary: true,
    buysGear: true,
    cashOutFromCityHall: null,
  },
  // Three visits a day, opens RUNIK packs and sells the gear it does not wear.
  trader: {
    paid: true,
    visitsPerDay: 3,
    firstVisitFromHour: 0,
    armyShare: 0,
    raids: false,
    citadelAttacksPerDay: 0,
    upgradesMilitary: false,
    buysGear: false,
    cashOutFromCityHall: null,
  },
  // An active player who raids its own free alts first.
  farmer: {
    paid: true,
    visitsPerDay: 6,
    firstVisitFromHour: 0,
    armyShare: 0.35,
    raids: true,
    citadelAttacksPerDay: 2,
    upgradesMilitary: true,
    buysGear: true,
    cashOutFromCityHall: null,
  },
  // A free account its farmer grows once a day to ALT_TARGET_CITY_HALL, then leaves unharvested to be raided.
  // An active player who stops at City Hall 10 and withdraws everything it earns from then on.
  cashout: {
    paid: true,
    visitsPerDay: 6,
    firstVisitFromHour: 0,
    armyShare: 0.35,
    raids: true,
    citadelAttacksPerDay: 2,
    upgradesMilitary: true,
    buysGear: false,
    cashOutFromCityHall: CASH_OUT_CITY_HALL,
  },
  // Each of a multi-account actor's MULTI_ACCOUNTS paid accounts: a cash-out player; its first account raids the others.
  multi: {
    paid: true,
    visitsPerDay: 6,
    firstVisitFromHour: 0,
    armyShare: 0.35,
    raids: true,
    citadelAttacksPerDay: 2,
    upgradesMilitary: true,
    buysGear: false,
    cashOutFromCityHall: CASH_OUT_CITY_HALL,
  },
  // A free account grown to City Hall 10, hoarding from then on, activated late (ACTIVATE_AFTER_DAYS) and cashed out.
  activator: {
    paid: false,
    visitsPerDay: 6,
    firstVisitFromHour: 0,
    armyShare: 0.35,
    raids: true,
    citadelAttacksPerDay: 2,
    upgradesMilitary: true,
    buysGear: false,
    cashOutFromCityHall: CASH_OUT_CITY_HALL,
  },
  // A casual player who buys RUNIK Pouches while RNK trades above the reference rate, spends only their (locked) RUNIK and withdraws all else.
  arbitrageur: {
    paid: true,
    visitsPerDay: 2,
    firstVisitFromHour: 7,
    armyShare: 0.1,
    raids: false,
    citadelAttacksPerDay: 0,
    upgradesMilitary: false,
    buysGear: false,
    cashOutFromCityHall: null,
  },
  // A free account of a swarm: one visit a day, harvests, claims its quests and converts everything (game-only), keeps it;
  // some activate in the scenario's waves and from then on withdraw all they may.
  swarm: {
    paid: false,
    ...ONE_VISIT_A_DAY,
    cashOutFromCityHall: 1,
  },
  // One of a person's many paid accounts that fill the game's daily withdrawal cap: at the game day's first
  // minute each deposits its per-account cap in RNK and asks for it back.
  capper: {
    paid: true,
    ...ONE_VISIT_A_DAY,
    cashOutFromCityHall: 1,
  },
  alt: {
    paid: false,
    ...ONE_VISIT_A_DAY,
    cashOutFromCityHall: null,
  },
};

/** The City Hall the measured alts were grown to. */
export const ALT_TARGET_CITY_HALL = 4;

/** A whale's purchases: SWAP.HIVE packs every day, a bulk of ten and shop items on a schedule (days since joining). */
export const WHALE_PURCHASES = {
  packsPerDay: 1,
  bulkEveryDays: 7,
  shop: [
    { name: 'Starter Bundle', everyDays: 0 },
    { name: 'RUNIK Pouch', everyDays: 3 },
    { name: 'Resource Crate', everyDays: 2 },
    { name: 'War Chest', everyDays: 7 },
    { name: "Commander's Blade", everyDays: 14 },
  ],
  /** Share of its RUNIK a whale spends on ore a day, for the cavalry it trains. */
  oreShareOfRunik: 0.1,
  /** RNK deposited on joining and every week, whole RUNIK. */
  deposit: 100,
  depositEveryDays: 7,
} as const;

/** Asking prices on the marketplace by rarity, whole RUNIK; commons are smelted, never listed. */
export const LISTING_PRICES = { rare: 40, epic: 150, legendary: 600, mythical: 2_000 } as const;
/** A listing unsold after this many days is taken back and smelted. */
export const LISTING_DAYS = 7;
/** A buyer spends at most this share of its RUNIK on one gear. */
export const GEAR_BUDGET_SHARE = 0.3;

/** A trader withdraws this share of its RUNIK above the price of a bulk of packs, each visit the cooldown allows. */
export const TRADER_CASH_OUT_SHARE = 0.5;

/**
 * How many bots of each archetype make `bots`: shares by weight (a farmer weighs 1 + its alts, a
 * multi-account actor its accounts; `multi` counts accounts), rounded down, the rest casual; a cap
 * filler's CAP_FILLER_ACCOUNTS come on top.
 */
export function population(bots: number, mix: ArchetypeMix, altsPerFarmer: number): Record<Archetype, number> {
  const weights: Record<PlayingArchetype, number> = {
    ...mix,
    farmer: mix.farmer * (1 + altsPerFarmer),
    multi: mix.multi * MULTI_ACCOUNTS,
    capper: 0,
  };
  const total = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
  const counts = recordOf(ARCHETYPES, () => 0);
  for (const archetype of ['active', 'whale', 'trader', 'cashout', 'activator', 'arbitrageur', 'swarm'] as const)
    counts[archetype] = Math.floor((bots * weights[archetype]) / total);
  counts.farmer = Math.floor((bots * weights.farmer) / total / (1 + altsPerFarmer));
  counts.alt = counts.farmer * altsPerFarmer;
  counts.multi = Math.floor((bots * weights.multi) / total / MULTI_ACCOUNTS) * MULTI_ACCOUNTS;

  counts.casual = bots - ARCHETYPES.reduce((sum, archetype) => sum + (archetype === 'casual' ? 0 : counts[archetype]), 0);
  // One person's accounts, beside the run's bots: as many as fill the game's daily withdrawal cap, whatever the run's size.
  counts.capper = mix.capper > 0 ? CAP_FILLER_ACCOUNTS : 0;
  return counts;
}
