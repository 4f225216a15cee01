import { UNIT_KEYS } from '../city/balance-sheet';
import { recordOf } from '../city/record-of';
import { armyPower, CommanderBonuses, Troops, UNIT_POWER } from '../combat/army';
import { GEAR_MAX_LEVEL, GEAR_STAT_TABLE } from '../gear/gear';
import { troopRunikMillionths } from '../money/runik-value';

/** Boss hit points of a floor (docs/citadel.md): they grow with the floor. */
export const BOSS_BASE_HP = 100_000;
export const BOSS_HP_GROWTH = 1.3;

/** Hit points in thousandths of a power point (a floor-1 boss is 100 power points). */
export function bossMaxHp(floor: number): number {
  return Math.floor(BOSS_BASE_HP * BOSS_HP_GROWTH ** (floor - 1));
}

/** The n-th attack of a day kills 0.5% × n and injures 1% × n of each troop type (spec, section 9), in thousandths. */
export const CITADEL_DEATH_PERMILLE_PER_ATTACK = 5;
export const CITADEL_INJURY_PERMILLE_PER_ATTACK = 10;

/** The strongest commander boost a gear can give, hundredths of a percent (a level-20 gear of the best rarity). */
export const MAX_COMMANDER_BOOST = Math.max(
  ...Object.values(GEAR_STAT_TABLE).map(({ base, perLevel }) => base + perLevel * (GEAR_MAX_LEVEL - 1)),
);

/**
 * The least RUNIK (thousandths) the dead of an attack can be worth per power point of damage: the
 * first attack of a day (0.5% killed), the troop type whose training buys the most power, at the
 * strongest commander boost. Injured troops are not counted (they can be healed), so the bound holds
 * whatever healing costs. docs/citadel.md shows the arithmetic.
 */
export function citadelLossPerDamagePoint(): number {
  return Math.min(
    ...UNIT_KEYS.map((unit) =>
      Math.floor(
        (troopRunikMillionths(unit) * CITADEL_DEATH_PERMILLE_PER_ATTACK * 10_000) /
          (1000 * UNIT_POWER[unit] * (10_000 + MAX_COMMANDER_BOOST)),
      ),
    ),
  );
}

/**
 * A boss pays this share of what its damage costs in dead troops at the cheapest, so the citadel is
 * never a way to turn troops into more RUNIK than they cost (issue 18). Must stay below 100.
 */
export const CITADEL_REWARD_PERCENT_OF_LOSSES = 80;

/** RUNIK (thousandths) per power point of damage on floor 1; higher floors pay less per point. */
export function citadelRewardPerDamagePoint(percentOfLosses = CITADEL_REWARD_PERCENT_OF_LOSSES): number {
  return Math.floor((citadelLossPerDamagePoint() * percentOfLosses) / 100);
}

/** The reward grows x1.2 a floor (hit points grow x1.3, so each point of damage pays less) up to a ceiling. */
export const BOSS_REWARD_GROWTH = 1.2;
/** No floor pays more than 100 RUNIK (thousandths). */
export const BOSS_REWARD_CEILING = 100_000;
/** No player is paid more than 25 RUNIK (thousandths) of boss rewards in one game day; the rest is never minted. */
export const CITADEL_DAILY_REWARD_CAP = 25_000;

/** The reward curve's constants, together so the economy simulation can try others (bench/economy). */
export interface CitadelRewardCurve {
  percentOfLosses: number;
  growth: number;
  ceiling: number;
  dailyCap: number;
}
export const CITADEL_REWARD_CURVE: CitadelRewardCurve = {
  percentOfLosses: CITADEL_REWARD_PERCENT_OF_LOSSES,
  growth: BOSS_REWARD_GROWTH,
  ceiling: BOSS_REWARD_CEILING,
  dailyCap: CITADEL_DAILY_REWARD_CAP,
};

/** RUNIK in thousandths, shared by damage among the floor's participants. */
export function bossReward(floor: number, curve: CitadelRewardCurve = CITADEL_REWARD_CURVE): number {
  const base = (citadelRewardPerDamagePoint(curve.percentOfLosses) * BOSS_BASE_HP) / 1000;
  return Math.min(curve.ceiling, Math.floor(base * curve.growth ** (floor - 1)));
}

/** The boss image of a floor: 12 images, cycling (spec, section 9). */
export function bossImage(floor: number): number {
  return ((floor - 1) % 12) + 1;
}

/**
 * The n-th attack of a day kills 0.5% × n and injures 1% × n of each troop type, never more than
 * there is. A positive expected loss rounds up: a type that fought always loses at least one.
 */
export function citadelCasualties(troops: Troops, attackNumber: number): { dead: Troops; injured: Troops } {
  const dead = recordOf(UNIT_KEYS, (unit) =>
    Math.min(troops[unit], Math.ceil((troops[unit] * CITADEL_DEATH_PERMILLE_PER_ATTACK * attackNumber) / 1000)),
  );
  const injured = recordOf(UNIT_KEYS, (unit) =>
    Math.min(troops[unit] - dead[unit], Math.ceil((troops[unit] * CITADEL_INJURY_PERMILLE_PER_ATTACK * attackNumber) / 1000)),
  );
  return { dead, injured };
}

export interface CitadelHit {
  /** Thousandths of hit points taken: the army's power with its gear, never more than the boss has left. */
  damage: number;
  dead: Troops;
  injured: Troops;
}

/**
 * One hit on the boss, the one formula the attack and its preview use: the damage (the army's power
 * before the blow), and the casualties of the day's `attackNumber`-th attack.
 */
export function citadelHit(troops: Troops, bonuses: CommanderBonuses, attackNumber: number, hpLeft: number): CitadelHit {
  return { damage: Math.min(hpLeft, armyPower(troops, bonuses)), ...citadelCasualties(troops, attackNumber) };
}

/**
 * Roughly how many hits of this army fell a boss with `hpLeft` (0 once fallen, null without power): each
 * hit's damage as citadelHit deals it. Casualties shrink the army hit by hit, so it may take a few more.
 */
export function hitsToDefeat(troops: Troops, bonuses: CommanderBonuses, hpLeft: number): number | null {
  if (hpLeft <= 0) return 0;
  const { damage } = citadelHit(troops, bonuses, 1, hpLeft);
  return damage > 0 ? Math.ceil(hpLeft / damage) : null;
}

/**
 * The reward split by damage share, each rounded down. The share is of all the damage the boss
 * takes: what was dealt plus the `hpLeft` still to deal (0 once it has fallen), so a share read
 * before the defeat is the one paid at it. What rounding leaves goes to the reward account: at the
 * defeat, the shares and the remainder sum to the reward exactly.
 */
export function rewardShares(
  reward: number,
  damages: { playerId: number; damage: number }[],
  hpLeft = 0,
): { shares: Map<number, number>; remainder: number } {
  const total = damages.reduce((sum, entry) => sum + entry.damage, hpLeft);
  const shares = new Map<number, number>();
  for (const { playerId, damage } of damages) {
    shares.set(playerId, total === 0 ? 0 : Number((BigInt(reward) * BigInt(damage)) / BigInt(total)));
  }
  const paid = [...shares.values()].reduce((sum, share) => sum + share, 0);
  return { shares, remainder: reward - paid };
}

export interface CitadelPayout {
  /** What each participant is paid, after their daily cap. */
  paid: Map<number, number>;
  /** What rounding the shares leaves: minted to the rewards account. */
  remainder: number;
  /** What the daily caps hold back: never minted. */
  withheld: number;
}

/**
 * What a boss's reward pays: each share (rewardShares) cut to what is left of its player's daily cap
 * (`paidToday`, thousandths already paid this game day). At the defeat (`hpLeft` 0),
 * paid + remainder + withheld = reward. Before it, `paid` is what each would be paid for the damage
 * dealt so far: the pending reward.
 */
export function citadelPayout(
  reward: number,
  damages: { playerId: number; damage: number }[],
  paidToday: ReadonlyMap<number, number>,
  hpLeft = 0,
  dailyCap = CITADEL_DAILY_REWARD_CAP,
): CitadelPayout {
  const { shares, remainder } = rewardShares(reward, damages, hpLeft);
  const paid = new Map<number, number>();
  let withheld = 0;
  for (const [playerId, share] of shares) {
    const capped = Math.min(share, Math.max(0, dailyCap - (paidToday.get(playerId) ?? 0)));
    paid.set(playerId, capped);
    withheld += share - capped;
  }
  return { paid, remainder, withheld };
}

/** Reward history rows returned (spec, section 9). */
export const CITADEL_REWARD_HISTORY_LIMIT = 20;
