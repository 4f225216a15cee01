import {
  armyPower,
  bossMaxHp,
  bossReward,
  citadelCasualties,
  gameDayKey,
  citadelPayout,
  CITY_HALL_KEY,
  commanderGearBonuses,
  ENEMY_COOLDOWN_MS,
  MAX_SEED,
  MILITARY_BUILDING_KEYS,
  BuildingKey,
  floorTo,
  noResources,
  PACK_BULK_SIZE,
  packTier,
  RAIDS,
  raidTerms,
  QuestReward,
  dailyQuestReward,
  recordOf,
  RESOURCE_BUILDINGS,
  RESOURCE_KEYS,
  ResourceAmounts,
  resolveBattle,
  rollPacks,
  SeededRandom,
  seededRandom,
  shopItem,
  spendCharge,
  toThousandths,
  troopCount,
  UNIT_KEYS,
  WITHDRAW_COOLDOWN_MS,
  LATE_ACTIVATION_FEE_USD,
  RNK_PER_SWAP_HIVE,
  REGISTRATION_FEE_USD,
  activationRelease,
  contributionOf,
  contributionWeight,
  emissionBudget,
  liabilitiesOf,
  owedOf,
  provisionalBudget,
} from '@runik/rules';
import {
  ACTIVATE_AFTER_DAYS,
  ALT_TARGET_CITY_HALL,
  Archetype,
  ArchetypeMix,
  Behaviour,
  BEHAVIOURS,
  DEFAULT_ALTS_PER_FARMER,
  MULTI_ACCOUNTS,
  population,
  POUCHES_PER_DAY,
  TRADER_CASH_OUT_SHARE,
  WHALE_PURCHASES,
} from './archetypes';
import { City, runikValue } from './city';
import { EconomyConstants } from './constants';
import { EmissionDraws, EmissionUse, isYoung } from './emission';
import { RunikLedger } from './ledger';
import { QuestLog } from './quests';
import { Marketplace } from './marketplace';
import { DEFAULT_SCENARIO, Scenario } from './scenarios';
import { DAY_MS, MINUTE_MS, START_MS } from './time';
import { GUARD_RAILS, Treasury } from './treasury';

/** Share of the bots that play from the first minute; the others join at random over the first half of the run. */
const FOUNDERS_SHARE = 0.6;
/** Cities a raider looks at in a visit. */
const RAID_CANDIDATES = 6;
/** A raider attacks only a city it beats comfortably: its power must exceed the defender's (with home advantage and worst luck) by this factor. */
const RAID_SAFETY = 1.35;
/**
 * What a US dollar buys in SWAP.HIVE (1 HIVE at 0.25 USD): a registration's 10 USD is 40 SWAP.HIVE,
 * 400 RNK at the reference rate. The fees are paid at the node's price feed; the simulation fixes it.
 */
export const SWAP_HIVE_PER_USD = 4;
/** A fee in USD as SWAP.HIVE thousandths. */
export const feeInSwapHive = (usd: number) => usd * SWAP_HIVE_PER_USD * 1000;

export interface Bot {
  id: number;
  archetype: Archetype;
  behaviour: Behaviour;
  city: City;
  joinMs: number;
  /** Minutes after midnight UTC of the first visit each day. */
  visitOffsetMin: number;
  /** An alt's farmer; a farmer's alts. */
  ownerId: number | null;
  alts: number[];
  lastRaidOn: Map<number, number>;
  hasRaided: boolean;
  citadel: { day: string; attacks: number };
  lastWithdrawMs: number | null;
  /** A swarm account's activation day (its wave), null: never. */
  activateOnDay: number | null;
  purchases: Map<string, number>;
  packsBought: number;
  /** The last day its once-a-day actions (shopping, the marketplace) were done. */
  lastDailyDay: number;
  /** The day it left the game (churn, a bank run): from then on it only withdraws what it may. */
  leftOnDay: number | null;
  /** RUNIK asked for on the per-account cap's day. */
  asked: { day: number; amount: number };
  /** RUNIK minted into its withdrawable balance since it joined (conversions, citadel rewards, its release). */
  emitted: number;
  /** RUNIK it asked to withdraw since it joined. */
  withdrawn: number;
  /** The first day (since joining) its emissions reached its registration fee at the reference rate. */
  earnedBackOnDay: number | null;
  quests: QuestLog;
}

function addTo(total: ResourceAmounts, amounts: ResourceAmounts): void {
  for (const resource of RESOURCE_KEYS) total[resource] += amounts[resource];
}

/** What happened in a day besides the ledger's movements. */
export interface DayActivity {
  /** RUNIK value (after conversion tax, cap aside) of the loot farmers brought home from their own alts. */
  altFarmLoot: number;
  /** RUNIK value of all raid loot brought home, and of the loot lost on the way. */
  raidLoot: number;
  raidLootLost: number;
  raids: number;
  citadelAttacks: number;
  /** Boss rewards held back by the daily cap (never minted). */
  citadelWithheld: number;
  /** SWAP.HIVE (thousandths) paid for packs and shop items. */
  swapHiveSpent: number;
  gearSales: number;
  /** Boss rewards of paid players held back because their emission share was used up (never minted). */
  citadelOverShare: number;
  activations: number;
  /** RUNIK left locked at late activations (over the release). */
  lockedAtActivation: number;
  /** RUNIK minted locked: the shop's (RUNIK Pouch, Starter Bundle) and free accounts' quest rewards. */
  mintedLocked: number;
  /** RUNIK value (after conversion tax, cap aside) of the daily quests' resource rewards. */
  questResources: number;
}

export const emptyActivity = (): DayActivity => ({
  altFarmLoot: 0,
  raidLoot: 0,
  raidLootLost: 0,
  raids: 0,
  citadelAttacks: 0,
  citadelWithheld: 0,
  swapHiveSpent: 0,
  gearSales: 0,
  citadelOverShare: 0,
  activations: 0,
  lockedAtActivation: 0,
  mintedLocked: 0,
  questResources: 0,
});

export interface WorldOptions {
  bots: number;
  seed: number;
  constants: EconomyConstants;
  scenario?: Scenario;
  altsPerFarmer?: number;
  /** A test's planted breach (economy.spec.ts): the criteria must report it. Never set by a run. */
  plant?: Plant;
}

/**
 * A breach a test plants on `day` (0-based), each the one a pass criterion exists to catch:
 * `over-budget`: RUNIK minted withdrawable past the day's budget, drawn from nothing;
 * `over-share`: one paid account minted a thousandth past its share (within the budget);
 * `game-only-withdrawn`: the richest free account withdraws its (game-only) RUNIK;
 * `coverage`: RNK taken out of the game account (all of it);
 * `game-cap`: the game's daily withdrawal cap cut to 1 RUNIK from that day (withdrawals wait for weeks).
 */
export type PlantKind = 'over-budget' | 'over-share' | 'game-only-withdrawn' | 'coverage' | 'game-cap';
export interface Plant {
  kind: PlantKind;
  day: number;
}

/**
 * The game with every bot in memory: one random stream from the seed drives every choice and every
 * battle, and bots act in a fixed order, so a seed always plays the same game.
 */
export class World {
  readonly ledger = new RunikLedger();
  readonly bots: Bot[] = [];
  readonly random: SeededRandom;
  activity = emptyActivity();
  /** The day's raid loot in resources, valued in RUNIK when the day closes. */
  private loot = { raids: noResources(), lost: noResources(), altFarms: noResources(), questRewards: noResources() };
  readonly citadel = { floor: 1, hp: bossMaxHp(1), damages: new Map<number, number>(), day: '', paidToday: new Map<number, number>() };
  readonly mix: ArchetypeMix;
  readonly scenario: Scenario;
  readonly altsPerFarmer: number;
  readonly treasury: Treasury;
  /** The day's emission budget (sized when the day starts) and what was drawn from it. */
  emission!: EmissionDraws;
  /** How the day's budget was set: from the treasury (the worker read it) or provisional (Hive Engine down). */
  budgetSizedFromTreasury = true;
  /** The last day sized from the treasury: the surplus measured then, and what every day since drew (`provisionalBudget`'s estimate). */
  private lastSized: { surplus: number; drawnSince: number } | null = null;
  /** Activations whose release waits for the releases' slice, oldest first (the server's `players.release_waiting`). */
  private readonly releaseWaiting: { bot: Bot; amount: number }[] = [];
  /** Per paid player, what the day's budget minted into its withdrawable balance by conversion and citadel rewards (a release aside). */
  emittedToday = new Map<number, number>();
  private readonly market = new Marketplace(this.ledger);
  /** The game's day (08:00 Manila to 08:00 Manila, the citadel's and the conversion cap's), the same as the simulated day. */
  private gameDay = '';

  constructor(
    private readonly options: WorldOptions,
    readonly days: number,
  ) {
    this.random = seededRandom(options.seed);
    this.scenario = options.scenario ?? DEFAULT_SCENARIO;
    this.mix = this.scenario.mix;
    this.altsPerFarmer = options.altsPerFarmer ?? DEFAULT_ALTS_PER_FARMER;
    this.treasury = new Treasury(
      this.scenario.operator,
      { ...GUARD_RAILS },
      this.scenario.rnkPremium,
      this.scenario.operator.launchReservePerPlayer * options.bots,
    );
    this.populate();
  }

  private populate(): void {
    const counts = population(this.options.bots, this.mix, this.altsPerFarmer);
    const archetypes: Archetype[] = [];
    for (const archetype of [
      'casual',
      'active',
      'whale',
      'trader',
      'farmer',
      'cashout',
      'activator',
      'arbitrageur',
      'swarm',
      'capper',
    ] as const)
      for (let i = 0; i < counts[archetype]; i += 1) archetypes.push(archetype);
    for (let i = 0; i < counts.multi / MULTI_ACCOUNTS; i += 1) archetypes.push('multi');
    // Shuffled, so that founders and latecomers mix every archetype.
    for (let i = archetypes.length - 1; i > 0; i -= 1) {
      const j = this.random.int(0, i);
      [archetypes[i], archetypes[j]] = [archetypes[j], archetypes[i]];
    }
    const founders = Math.round(archetypes.length * FOUNDERS_SHARE);
    const latestJoinMin = Math.max(1, Math.floor((this.days * 24 * 60) / 2));
    archetypes.forEach((archetype, index) => {
      // A cap filler's accounts are all there from the start (it fills the cap from the first day).
      const joinMs = index < founders || archetype === 'capper' ? START_MS : START_MS + this.random.int(0, latestJoinMin) * MINUTE_MS;
      const owner = this.addBot(archetype, joinMs, null);
      // A farmer's free alts; a multi-account actor's other paid accounts (raided by its first, as alts are).
      if (archetype === 'farmer')
        for (let alt = 0; alt < this.altsPerFarmer; alt += 1) owner.alts.push(this.addBot('alt', joinMs, owner).id);
      if (archetype === 'multi')
        for (let account = 1; account < MULTI_ACCOUNTS; account += 1) owner.alts.push(this.addBot('multi', joinMs, owner).id);
    });
  }

  private addBot(archetype: Archetype, joinMs: number, owner: Bot | null): Bot {
    const behaviour = BEHAVIOURS[archetype];
    const spacingMin = (24 * 60) / behaviour.visitsPerDay;
    const bot: Bot = {
      id: this.bots.length,
      archetype,
      behaviour,
      city: new City(this.bots.length, this.options.constants, this.ledger, joinMs),
      joinMs,
      // An alt is played by its owner right after the owner's first visit of the day.
      visitOffsetMin: owner
        ? owner.visitOffsetMin + 1
        : archetype === 'capper'
          ? 0
          : behaviour.firstVisitFromHour * 60 + this.random.int(0, spacingMin - 1),
      ownerId: owner?.id ?? null,
      alts: [],
      lastRaidOn: new Map(),
      hasRaided: false,
      citadel: { day: '', attacks: 0 },
      lastWithdrawMs: null,
      purchases: new Map(),
      packsBought: 0,
      lastDailyDay: -1,
      leftOnDay: null,
      asked: { day: -1, amount: 0 },
      emitted: 0,
      withdrawn: 0,
      earnedBackOnDay: null,
      quests: new QuestLog(),
      activateOnDay: archetype === 'swarm' ? this.waveOf() : null,
    };
    this.bots.push(bot);
    if (behaviour.paid) this.ledger.setPaid(bot.id, Math.floor((joinMs - START_MS) / DAY_MS));
    return bot;
  }

  /** The day's activity, raid loot valued at the conversion rates after tax; a fresh day. */
  closeActivity(): DayActivity {
    const terms = { rates: this.options.constants.conversionRates, taxPercent: this.options.constants.conversionTaxPercent };
    const closed = {
      ...this.activity,
      raidLoot: runikValue(this.loot.raids, terms),
      raidLootLost: runikValue(this.loot.lost, terms),
      altFarmLoot: runikValue(this.loot.altFarms, terms),
      questResources: runikValue(this.loot.questRewards, terms),
    };
    this.activity = emptyActivity();
    this.loot = { raids: noResources(), lost: noResources(), altFarms: noResources(), questRewards: noResources() };
    return closed;
  }

  /** Every visit of day `day` (0-based), in time order (bot id breaks ties). */
  playDay(day: number): void {
    const dayStartMs = START_MS + day * DAY_MS;
    this.gameDay = gameDayKey(dayStartMs);
    this.startDay(day, dayStartMs);
    const visits: [number, Bot][] = [];
    for (const bot of this.bots) {
      const spacingMin = (24 * 60) / bot.behaviour.visitsPerDay;
      for (let visit = 0; visit < bot.behaviour.visitsPerDay; visit += 1) {
        const atMs = dayStartMs + Math.floor((bot.visitOffsetMin + visit * spacingMin) % (24 * 60)) * MINUTE_MS;
        if (atMs >= bot.joinMs) visits.push([atMs, bot]);
      }
    }
    visits.sort((a, b) => a[0] - b[0] || a[1].id - b[1].id);
    for (const [atMs, bot] of visits) this.visit(bot, atMs, day);
  }

  /**
   * The day's start: the operator's top-up, players leaving (churn, a bank run), registrations of the
   * day's newcomers, the budget sized from the treasury and shared by yesterday's harvests, and the
   * line of withdrawals moving under the new day's game cap.
   */
  private startDay(day: number, dayStartMs: number): void {
    this.treasury.startDay();
    const bankRun = this.scenario.bankRunAt !== null && day === Math.floor(this.scenario.bankRunAt * this.days);
    const dayEndMs = dayStartMs + DAY_MS;
    const harvested = new Map<number, ResourceAmounts | null>();
    for (const bot of this.bots) {
      if (bot.joinMs >= dayEndMs) continue;
      if (bot.joinMs >= dayStartMs && bot.behaviour.paid) this.treasury.receiveSwapHive(feeInSwapHive(REGISTRATION_FEE_USD));
      if (
        bot.leftOnDay === null &&
        bot.archetype !== 'alt' &&
        (bankRun ? this.ledger.isPaid(bot.id) : this.random.fraction() < this.scenario.churnPerDay)
      )
        bot.leftOnDay = day;
      if (this.ledger.isPaid(bot.id)) harvested.set(bot.id, bot.city.harvestedToday);
      bot.city.harvestedToday = null;
    }
    // After the registrations at the day's start: the founders' fees back the first day.
    this.treasury.topUp(day);
    this.plantAtDayStart(day);
    this.emission = new EmissionDraws(
      this.sizeBudget(day),
      this.weightsOf(day, harvested),
      (id) => isYoung(this.ledger.paidSince(id), day),
      this.options.constants.youngAccountDailyShare,
    );
    this.emittedToday = new Map();
    this.releaseWaitingOldestFirst();
    this.treasury.release(this.owed(), day);
  }

  /**
   * The day's budget as the server sets it: `emissionBudget` from the RNK held and all owed when the
   * worker reads the treasury; while Hive Engine is down (the scenario's outage), `provisionalBudget`
   * from the last measured surplus less everything drawn since.
   */
  private sizeBudget(day: number): number {
    const outage = this.scenario.treasuryUnreadable;
    const readable = !outage || day < Math.floor(outage.from * this.days) || day >= Math.floor(outage.from * this.days) + outage.days;
    if (this.lastSized && this.emission) this.lastSized.drawnSince += this.emission.spent;
    this.budgetSizedFromTreasury = readable;
    if (!readable)
      return provisionalBudget(this.lastSized ? this.lastSized.surplus - this.lastSized.drawnSince : null, this.options.constants.emission);
    const position = { treasuryRnk: this.treasury.rnk, owed: this.owed() };
    this.lastSized = { surplus: position.treasuryRnk - position.owed, drawnSince: 0 };
    return emissionBudget(position, this.options.constants.emission);
  }

  /** The producers' weights: paid by the day's start and harvested yesterday (`contributionWeight(contributionOf(harvest))`). */
  private weightsOf(day: number, harvested: Map<number, ResourceAmounts | null>): Map<number, number> {
    const weights = new Map<number, number>();
    for (const [id, amounts] of harvested) {
      const paidSince = this.ledger.paidSince(id);
      if (amounts && paidSince !== null && paidSince < day) weights.set(id, contributionWeight(contributionOf(amounts)));
    }
    return weights;
  }

  /** What activations still wait for, oldest first, as far as today's releases' slice gives (the server's worker, `releaseWaiting`). */
  private releaseWaitingOldestFirst(): void {
    while (this.releaseWaiting.length > 0) {
      const waiting = this.releaseWaiting[0];
      // Game-only RUNIK spent meanwhile is no longer there to release.
      const releasable = Math.min(waiting.amount, this.ledger.lockedOf(waiting.bot.id), waiting.bot.city.runik);
      const released = this.emission.draw('release', releasable, 'release');
      if (released === 0 && releasable > 0) return;
      this.settleRelease(waiting.bot, released);
      waiting.amount = releasable - released;
      if (waiting.amount > 0) return;
      this.releaseWaiting.shift();
    }
  }

  private settleRelease(bot: Bot, released: number): void {
    if (released === 0) return;
    this.ledger.release(bot.id, released);
    bot.emitted += released;
  }

  /**
   * All the RNK the game could be asked for in one step, as the server reads it: `owedOf(liabilitiesOf(...))`
   * over every player's RUNIK and locked RUNIK in the ledger and the line of withdrawals.
   */
  owed(): number {
    return owedOf(liabilitiesOf(this.ledger.holdings(), this.treasury.openWithdrawals()));
  }

  /** A swarm account's activation day: in one of the scenario's waves, or never. */
  private waveOf(): number | null {
    const waves = this.scenario.activationWaves;
    if (!waves || this.random.fraction() >= waves.share) return null;
    return Math.floor(waves.at[this.random.int(0, waves.at.length - 1)] * this.days);
  }

  private plantAtDayStart(day: number): void {
    const plant = this.options.plant;
    if (!plant || plant.day !== day) return;
    if (plant.kind === 'coverage') this.treasury.remove(this.treasury.rnk);
    if (plant.kind === 'game-cap') this.treasury.cutGameCap(1_000);
  }

  /** The planted breaches of the minting and withdrawing kinds, at the day's last visit (a test's: see `Plant`). */
  plantAtDayEnd(day: number): void {
    const plant = this.options.plant;
    if (!plant || plant.day !== day) return;
    const paid = this.bots.filter((bot) => this.ledger.isPaid(bot.id) && bot.joinMs <= START_MS + day * DAY_MS);
    if (plant.kind === 'over-budget') {
      // More than the whole budget, minted withdrawable as conversions a thousandth at a time past what is left.
      const over = this.emission.state.budget + 1;
      const each = Math.ceil(over / paid.length);
      for (const bot of paid) this.ledger.mint('conversion', [[bot.id, each]]);
    }
    if (plant.kind === 'over-share') {
      const bot = paid[0];
      this.ledger.mint('conversion', [[bot.id, this.emission.leftFor(bot.id) + 1]]);
    }
    if (plant.kind === 'game-only-withdrawn') {
      // The free account holding the most (all of it game-only) withdraws it, as if activated with no release.
      const bot = this.bots.filter((other) => !this.ledger.isPaid(other.id)).sort((a, b) => b.city.runik - a.city.runik)[0];
      const amount = bot.city.runik;
      const owed = this.owed();
      this.ledger.recordWithdrawal(bot.id, amount);
      this.treasury.ask(bot.id, amount, day, owed);
    }
  }

  /** Mints into a paid player's withdrawable balance count against its share and the day's budget. */
  private emit(bot: Bot, amount: number, kind: keyof EmissionUse, day: number): void {
    if (amount === 0) return;
    if (this.emission.draw(bot.id, amount, kind) !== amount) throw new Error(`Player ${bot.id} minted ${amount} past its allowance`);
    if (kind !== 'release') this.emittedToday.set(bot.id, (this.emittedToday.get(bot.id) ?? 0) + amount);
    bot.emitted += amount;
    if (bot.earnedBackOnDay === null && bot.emitted >= feeInSwapHive(REGISTRATION_FEE_USD) * RNK_PER_SWAP_HIVE) bot.earnedBackOnDay = day;
  }

  private visit(bot: Bot, nowMs: number, day: number): void {
    const { city, behaviour } = bot;
    city.finishTraining(nowMs);
    if (bot.leftOnDay !== null) return this.withdraw(bot, nowMs, day);
    if (bot.archetype === 'alt') return this.growAlt(bot, nowMs);
    if (
      !this.ledger.isPaid(bot.id) &&
      ((bot.archetype === 'activator' && nowMs >= bot.joinMs + ACTIVATE_AFTER_DAYS * DAY_MS) ||
        (bot.activateOnDay !== null && day >= bot.activateOnDay))
    )
      this.activate(bot);
    if (bot.archetype === 'capper') return this.fillGameCap(bot, nowMs, day);
    const harvestedBefore = city.lastHarvestMs;
    city.harvest(nowMs);
    if (city.lastHarvestMs !== harvestedBefore) bot.quests.note('harvest', this.gameDay);
    if (bot.archetype === 'farmer' || bot.archetype === 'multi') for (const altId of bot.alts) this.raid(bot, this.bots[altId], nowMs);
    if (behaviour.raids) this.raidOthers(bot, nowMs);
    this.fightCitadel(bot, nowMs, day);
    city.heal(nowMs);
    const firstVisitToday = bot.lastDailyDay !== day;
    bot.lastDailyDay = day;
    if (bot.archetype === 'whale' && firstVisitToday) this.whaleShopping(bot, nowMs);
    if (bot.archetype === 'arbitrageur' && firstVisitToday && this.scenario.rnkPremium > 1)
      this.buyShopItem(bot, 'RUNIK Pouch', POUCHES_PER_DAY, nowMs);
    this.train(bot, nowMs);
    if (bot.archetype === 'whale') city.speedUp(nowMs);
    if (bot.archetype === 'trader') this.trade(bot, nowMs);
    else city.smelt(city.spares(), nowMs);
    this.claimQuests(bot, day);
    this.convert(bot, day);
    if (behaviour.buysGear && firstVisitToday && this.market.buyUpgrade(city, nowMs)) this.activity.gearSales += 1;
    this.upgrade(bot, nowMs);
    this.withdraw(bot, nowMs, day);
  }

  /** A paid player converts within what is left of its share; a free one within the daily cap alone, its RUNIK game-only. */
  private convert(bot: Bot, day: number): void {
    if (!this.ledger.isPaid(bot.id)) {
      bot.city.convertToRunik(this.gameDay, Number.MAX_SAFE_INTEGER, true);
      return;
    }
    this.emit(bot, bot.city.convertToRunik(this.gameDay, this.emission.leftFor(bot.id)), 'conversion', day);
  }

  /**
   * A late activation (the late fee in SWAP.HIVE), as the server's `PlayersService.activate`: of its
   * game-only RUNIK up to `activationRelease` is released from the day's releases' slice, what the
   * slice cannot give today waits (released oldest first on the next days), the rest stays locked.
   */
  private activate(bot: Bot): void {
    this.treasury.receiveSwapHive(feeInSwapHive(LATE_ACTIVATION_FEE_USD));
    this.ledger.setPaid(bot.id);
    const gameOnly = Math.min(this.ledger.lockedOf(bot.id), bot.city.runik);
    const toRelease = activationRelease(gameOnly);
    const released = this.emission.draw('release', toRelease, 'release');
    this.settleRelease(bot, released);
    if (toRelease > released) this.releaseWaiting.push({ bot, amount: toRelease - released });
    this.activity.activations += 1;
    this.activity.lockedAtActivation += gameOnly - toRelease;
  }

  /**
   * One person's many paid accounts filling the game's daily withdrawal cap: each, at the game day's
   * first minute, deposits its per-account cap in RNK and asks for it back (the RNK is its own: only
   * the line's order and the cap are at stake).
   */
  private fillGameCap(bot: Bot, nowMs: number, day: number): void {
    if (bot.lastWithdrawMs !== null && nowMs < bot.lastWithdrawMs + WITHDRAW_COOLDOWN_MS) return;
    if (bot.asked.day !== day) bot.asked = { day, amount: 0 };
    const amount = this.treasury.accountLeft(bot.asked.amount);
    if (amount <= 0) return;
    this.ledger.deposit(bot.id, amount);
    this.treasury.deposit(amount);
    this.askWithdrawal(bot, amount, nowMs, day);
  }

  /** An alt is grown to its target City Hall once a day, then left with its production pending, to be raided. */
  private growAlt(bot: Bot, nowMs: number): void {
    if (bot.city.chLevel >= ALT_TARGET_CITY_HALL) return;
    bot.city.harvest(nowMs);
    bot.city.convertToRunik(this.gameDay, Number.MAX_SAFE_INTEGER, true);
    this.upgrade(bot, nowMs);
  }

  /** Trains the best unit unlocked with the archetype's share of the resources held. */
  private train(bot: Bot, nowMs: number): void {
    const { city, behaviour } = bot;
    if (behaviour.armyShare === 0) return;
    const budget = recordOf(RESOURCE_KEYS, (resource) => Math.floor(city.resources[resource] * behaviour.armyShare));
    for (const building of [...MILITARY_BUILDING_KEYS].reverse())
      if (city.train(building, budget, nowMs) > 0) return bot.quests.note('train-troops', this.gameDay);
  }

  /**
   * Claims what the bot's quests completed (docs/quests.md): the daily ones' resources; the chain's
   * RUNIK in order, a paid bot's from its emission share (a reward the share cannot hold waits for a
   * later day), a free bot's locked (no budget backs it). The sim has no alliances:
   * the chain stops before join-alliance (and the blacksmith, citadel and throne goals after it).
   */
  private claimQuests(bot: Bot, day: number): void {
    const { city, quests } = bot;
    const claimed = quests.claimDaily(this.gameDay).length;
    if (claimed > 0) {
      // Every daily quest pays the same, by the City Hall's level and the streak.
      const reward: QuestReward = dailyQuestReward(city.chLevel, quests.streak(this.gameDay));
      const resources = recordOf(RESOURCE_KEYS, (resource) => (reward[resource] ?? 0) * claimed);
      addTo(city.resources, resources);
      addTo(this.loot.questRewards, resources);
    }
    for (let quest = quests.nextInChain(); quest; quest = quests.nextInChain()) {
      const reached =
        (quest.id === 'city-hall-5' && city.chLevel >= quest.goal) ||
        (quest.id === 'win-raid' && quests.wonRaid) ||
        (quest.id === 'first-gear' && city.gears.length >= quest.goal);
      const runik = quest.reward.runik;
      if (!reached || (this.ledger.isPaid(bot.id) && this.emission.leftFor(bot.id) < runik)) return;
      const paid = this.ledger.isPaid(bot.id);
      if (paid) this.emit(bot, runik, 'quest', day);
      else this.activity.mintedLocked += runik;
      this.ledger.mint('quest', [[bot.id, runik]], !paid);
      quests.claimedChain.add(quest.id);
    }
  }

  /** Spends the RUNIK held on the cheapest upgrade it can pay for, again and again: City Hall, producers, and for fighters the military buildings. */
  private upgrade(bot: Bot, nowMs: number): void {
    const stopAt = bot.behaviour.cashOutFromCityHall;
    if (stopAt !== null && bot.city.chLevel >= stopAt) return;
    // An arbitrageur spends only its locked RUNIK (the Pouches'), so that all it earned stays withdrawable.
    const spendable = () => (bot.archetype === 'arbitrageur' ? this.ledger.lockedOf(bot.id) : bot.city.runik);
    const buildings: BuildingKey[] = [
      ...RESOURCE_BUILDINGS.map((building) => building.key),
      ...(bot.behaviour.upgradesMilitary ? MILITARY_BUILDING_KEYS : []),
    ];
    for (;;) {
      const cityHallWanted = bot.archetype !== 'alt' || bot.city.chLevel < ALT_TARGET_CITY_HALL;
      let cheapest: { key: typeof CITY_HALL_KEY | BuildingKey; cost: number } | null = null;
      const keys: (typeof CITY_HALL_KEY | BuildingKey)[] = cityHallWanted ? [CITY_HALL_KEY, ...buildings] : buildings;
      for (const key of keys) {
        const cost = bot.city.upgradeCost(key);
        if (cost !== null && cost <= spendable() && (!cheapest || cost < cheapest.cost)) cheapest = { key, cost };
      }
      if (!cheapest || !bot.city.upgrade(cheapest.key, nowMs)) return;
    }
  }

  /** Looks at a few cities drawn at random and raids each the rules allow and it beats comfortably, while its charges last. */
  private raidOthers(bot: Bot, nowMs: number): void {
    const tried = new Set<number>();
    for (let attempt = 0; attempt < RAID_CANDIDATES; attempt += 1) {
      const target = this.bots[this.random.int(0, this.bots.length - 1)];
      if (tried.has(target.id) || target.id === bot.id || target.ownerId === bot.id || target.joinMs > nowMs) continue;
      tried.add(target.id);
      this.raid(bot, target, nowMs);
    }
  }

  /** One raid, if the rules allow it and the raider expects to win. */
  private raid(bot: Bot, target: Bot, nowMs: number): void {
    const attacker = bot.city;
    const defender = target.city;
    if (troopCount(attacker.army) === 0) return;
    const last = bot.lastRaidOn.get(target.id);
    if (last !== undefined && nowMs < last + ENEMY_COOLDOWN_MS) return;
    const terms = raidTerms(
      { chLevel: attacker.chLevel, paid: bot.behaviour.paid },
      { chLevel: defender.chLevel, paid: target.behaviour.paid, registeredAtMs: target.joinMs, hasRaided: target.hasRaided },
      nowMs,
    );
    if (!terms.open) return;
    const attackerBonuses = commanderGearBonuses(attacker.equipped());
    const defenderBonuses = commanderGearBonuses(defender.equipped());
    if (armyPower(attacker.army, attackerBonuses) <= armyPower(defender.army, defenderBonuses) * RAID_SAFETY) return;
    const charges = spendCharge(attacker.charges, nowMs);
    if (!charges) return;
    attacker.charges = charges;

    const pendingBefore = defender.pending(nowMs);
    const outcome = resolveBattle({
      attacker: { troops: { ...attacker.army }, bonuses: attackerBonuses },
      defender: { troops: { ...defender.army }, bonuses: defenderBonuses, pending: pendingBefore },
      seed: this.random.int(0, MAX_SEED),
      lootPercent: terms.lootPercent,
      lootLostPercent: RAIDS.lootLostPercent,
    });
    // Both cities' production is settled as of the battle, as the server does: each army's upkeep changes with its losses.
    attacker.bank(nowMs);
    attacker.applyLosses(outcome.attacker);
    defender.applyLosses(outcome.defender);
    const taken = recordOf(RESOURCE_KEYS, (resource) => outcome.loot[resource] + outcome.lootLost[resource]);
    defender.settleRaid(pendingBefore, taken, nowMs);
    for (const resource of RESOURCE_KEYS) attacker.resources[resource] += outcome.loot[resource];
    bot.lastRaidOn.set(target.id, nowMs);
    bot.hasRaided = true;

    this.activity.raids += 1;
    bot.quests.note('fight', this.gameDay);
    if (outcome.winner === 'attacker') bot.quests.wonRaid = true;
    addTo(this.loot.raids, outcome.loot);
    addTo(this.loot.lost, outcome.lootLost);
    if (target.ownerId === bot.id && bot.archetype === 'farmer') addTo(this.loot.altFarms, outcome.loot);
  }

  /** The archetype's citadel attacks of the day on the floor everyone is on; the blow that kills the boss pays its reward. */
  private fightCitadel(bot: Bot, nowMs: number, day: number): void {
    if (bot.citadel.day !== this.gameDay) bot.citadel = { day: this.gameDay, attacks: 0 };
    if (this.citadel.day !== this.gameDay) {
      this.citadel.day = this.gameDay;
      this.citadel.paidToday.clear();
    }
    if (bot.citadel.attacks >= bot.behaviour.citadelAttacksPerDay) return;
    const city = bot.city;
    const power = armyPower(city.army, commanderGearBonuses(city.equipped()));
    if (power <= 0) return;
    bot.citadel.attacks += 1;
    this.activity.citadelAttacks += 1;
    bot.quests.note('fight', this.gameDay);
    city.bank(nowMs);
    city.applyLosses(citadelCasualties(city.army, bot.citadel.attacks));
    const damage = Math.min(this.citadel.hp, power);
    this.citadel.hp -= damage;
    this.citadel.damages.set(bot.id, (this.citadel.damages.get(bot.id) ?? 0) + damage);
    if (this.citadel.hp > 0) return;

    const curve = this.options.constants.citadelReward;
    const reward = bossReward(this.citadel.floor, curve);
    const damages = [...this.citadel.damages].map(([playerId, dealt]) => ({ playerId, damage: dealt }));
    const { paid, remainder, withheld } = citadelPayout(reward, damages, this.citadel.paidToday, 0, curve.dailyCap);
    // A paid player's reward draws from its emission share: what the share no longer holds is not minted.
    const credits: [number, number][] = [];
    for (const [playerId, amount] of paid) {
      const credited = this.ledger.isPaid(playerId) ? Math.min(amount, this.emission.leftFor(playerId)) : amount;
      this.activity.citadelOverShare += amount - credited;
      if (credited === 0) continue;
      credits.push([playerId, credited]);
      if (this.ledger.isPaid(playerId)) this.emit(this.bots[playerId], credited, 'citadel', day);
      this.citadel.paidToday.set(playerId, (this.citadel.paidToday.get(playerId) ?? 0) + credited);
    }
    // A free player's reward is game-only (the server locks it after the posting).
    this.ledger.mint('citadel-reward', [...credits.filter(([id]) => this.ledger.isPaid(id)), ['system:rewards', remainder]]);
    this.ledger.mint(
      'citadel-reward',
      credits.filter(([id]) => !this.ledger.isPaid(id)),
      true,
    );
    this.activity.citadelWithheld += withheld;
    this.citadel.floor += 1;
    this.citadel.hp = bossMaxHp(this.citadel.floor);
    this.citadel.damages.clear();
  }

  /** A whale's purchases on its first visit of a day: RNK deposits, SWAP.HIVE packs daily, bulk and shop items on their schedule, and ore bought with RUNIK. */
  private whaleShopping(bot: Bot, nowMs: number): void {
    const age = Math.floor((nowMs - bot.joinMs) / DAY_MS);
    if (age % WHALE_PURCHASES.depositEveryDays === 0) {
      this.ledger.deposit(bot.id, WHALE_PURCHASES.deposit * 1000);
      this.treasury.deposit(WHALE_PURCHASES.deposit * 1000);
    }
    this.openPacks(bot, 'hive', WHALE_PURCHASES.packsPerDay, nowMs);
    if (age % WHALE_PURCHASES.bulkEveryDays === 0) this.openPacks(bot, 'hive', PACK_BULK_SIZE, nowMs);
    for (const { name, everyDays } of WHALE_PURCHASES.shop) {
      if (everyDays === 0 ? age === 0 : age % everyDays === 0) this.buyShopItem(bot, name, 1, nowMs);
    }
    const oreBudget = Math.floor(bot.city.runik * WHALE_PURCHASES.oreShareOfRunik);
    bot.city.buyResources({ ore: floorTo(oreBudget * this.options.constants.conversionRates.ore, 2) });
  }

  /** Shop items paid in SWAP.HIVE to the game account; their RUNIK is credited locked (spendable, never withdrawable). */
  private buyShopItem(bot: Bot, name: string, count: number, nowMs: number): void {
    const item = shopItem(name);
    for (let bought = 0; bought < count; bought += 1) {
      if (!item || (item.limit !== undefined && (bot.purchases.get(name) ?? 0) >= item.limit)) return;
      bot.purchases.set(name, (bot.purchases.get(name) ?? 0) + 1);
      this.activity.swapHiveSpent += item.price;
      this.treasury.receiveSwapHive(item.price);
      const { runik, resources, troops, gear } = item.reward;
      if (runik) {
        this.ledger.mint('shop', [[bot.id, runik * 1000]], true);
        this.activity.mintedLocked += runik * 1000;
      }
      for (const resource of RESOURCE_KEYS) bot.city.resources[resource] += toThousandths(resources?.[resource] ?? 0);
      for (const unit of UNIT_KEYS) bot.city.army[unit] += troops?.[unit] ?? 0;
      if (gear) bot.city.receiveGear(gear, nowMs);
    }
  }

  /** Packs bought with RUNIK (burned) or SWAP.HIVE; one gear each, rolled from a seed at the buyer's tier. */
  private openPacks(bot: Bot, currency: 'runik' | 'hive', count: number, nowMs: number): void {
    const prices = this.options.constants.packPrices[currency];
    const price = count === PACK_BULK_SIZE ? prices.bulk : prices.single * count;
    if (currency === 'runik') this.ledger.burn('packs', bot.id, price);
    else {
      this.activity.swapHiveSpent += price;
      this.treasury.receiveSwapHive(price);
    }
    for (const gear of rollPacks(this.random.int(0, MAX_SEED), count, packTier(bot.packsBought))) bot.city.receiveGear(gear, nowMs);
    bot.packsBought += count;
  }

  /** A trader opens RUNIK packs with what it holds and puts the gear it does not wear on the marketplace. */
  private trade(bot: Bot, nowMs: number): void {
    const prices = this.options.constants.packPrices.runik;
    if (bot.city.runik >= prices.bulk) this.openPacks(bot, 'runik', PACK_BULK_SIZE, nowMs);
    else if (bot.city.runik >= prices.single) this.openPacks(bot, 'runik', 1, nowMs);
    this.market.restock(bot.city, nowMs);
  }

  /**
   * Paid players cash out everything once City Hall is at its top level (nothing left worth buying),
   * cash-out players from their level on, leavers and arbitrageurs always; a trader cashes out part
   * of its takings. One withdrawal per cooldown, within the per-account cap; it waits in the line
   * when the game's cap or the coverage floor holds it.
   */
  private withdraw(bot: Bot, nowMs: number, day: number): void {
    if (!this.ledger.isPaid(bot.id) || (bot.lastWithdrawMs !== null && nowMs < bot.lastWithdrawMs + WITHDRAW_COOLDOWN_MS)) return;
    const held = this.ledger.withdrawable(bot.id);
    const cashOutFrom = bot.behaviour.cashOutFromCityHall;
    let wanted = 0;
    if (bot.leftOnDay !== null || bot.archetype === 'arbitrageur' || (cashOutFrom !== null && bot.city.chLevel >= cashOutFrom))
      wanted = held;
    else if (bot.archetype === 'trader')
      wanted = Math.floor(Math.max(0, held - this.options.constants.packPrices.runik.bulk) * TRADER_CASH_OUT_SHARE);
    else if (bot.city.upgradeCost(CITY_HALL_KEY) === null) wanted = held;
    if (bot.asked.day !== day) bot.asked = { day, amount: 0 };
    const amount = Math.min(wanted, this.treasury.accountLeft(bot.asked.amount));
    if (amount <= 0) return;
    this.askWithdrawal(bot, amount, nowMs, day);
  }

  /** A withdrawal within the account's cap: debited, then out now or to the end of the line (`withdrawalPlace`). */
  private askWithdrawal(bot: Bot, amount: number, nowMs: number, day: number): void {
    const owed = this.owed();
    this.ledger.withdraw(bot.id, amount);
    bot.asked.amount += amount;
    bot.withdrawn += amount;
    bot.lastWithdrawMs = nowMs;
    this.treasury.ask(bot.id, amount, day, owed);
  }
}
