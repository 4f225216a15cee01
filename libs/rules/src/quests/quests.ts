import { RESOURCE_KEYS, ResourceAmounts, ResourceKey, STARTING_BUILDING_LEVEL, UNLOCKS } from '../city/balance-sheet';
import { productionPerHour } from '../city/production';
import { recordOf } from '../city/record-of';

/**
 * Daily quests and the quest chain (issue 36; docs/quests.md). Progress is counted from what the game
 * records of the real actions, never by the claim; each quest is claimed once, a daily one once per
 * game day (gameDayKey). Rewards are thousandths: resources minted through the ledger, RUNIK drawn
 * from the day's emission budget for a paid player like any withdrawable mint.
 */
export type QuestReward = Partial<ResourceAmounts & { runik: number }>;

export interface QuestDefinition<Id extends string> {
  id: Id;
  /** How many of the counted action, or the level, completes it. */
  goal: number;
  reward: QuestReward;
}

/**
 * Three tasks a player can finish in any part of a game day, its last 4 hours included (a harvest
 * every 4 hours, so one harvest, not two): a harvest, a batch of troops trained, a fight (a raid on
 * a city or the practice camp, or a hit on the citadel's boss). Each pays a third of the day's quest
 * share (`dailyQuestReward`) in resources only: a daily faucet of RUNIK would be a second conversion
 * beside the capped one, and resources become RUNIK only through it, within the one emission budget.
 */
export const DAILY_QUESTS = [
  { id: 'harvest', goal: 1 },
  { id: 'train-troops', goal: 1 },
  { id: 'fight', goal: 1 },
] as const satisfies readonly { id: string; goal: number }[];

/**
 * A day's three quests together pay this share of a day's production at the player's City Hall
 * level (`referenceDailyProduction`): about 2.4 hours of a city's output, enough to feel at every
 * level (at City Hall 1, 288 wheat and 240 lumber for the three, about 3 RUNIK at the conversion
 * rates, before the quarry and the mine open; at City Hall 10, about 39 RUNIK; docs/quests.md).
 */
export const DAILY_QUESTS_PRODUCTION_PERCENT = 10;

/** Days played in a row add this much to the daily quests' rewards each, from the second day on, up to the most. */
export const STREAK_BONUS_PERCENT_PER_DAY = 10;
export const STREAK_BONUS_MAX_PERCENT = 50;

/**
 * A day's production of each resource by a city of City Hall `chLevel` whose resource buildings
 * stand at the highest level that City Hall allows (`buildingUpgradeBlock`), without gear, in
 * thousandths: what "a player of that level has", whatever the player built.
 */
export function referenceDailyProduction(chLevel: number): ResourceAmounts {
  return recordOf(RESOURCE_KEYS, (resource) => {
    const unlock = UNLOCKS[resource];
    if (chLevel < unlock) return 0;
    const level = Math.max(STARTING_BUILDING_LEVEL, chLevel - Math.max(unlock, 1) + 1);
    return productionPerHour(resource, level) * 24;
  });
}

/** The extra percent of the daily quests' rewards that `streakDays` days played in a row give. */
export function streakBonusPercent(streakDays: number): number {
  return Math.min(STREAK_BONUS_MAX_PERCENT, Math.max(0, streakDays - 1) * STREAK_BONUS_PERCENT_PER_DAY);
}

/**
 * One daily quest's reward: a third of `DAILY_QUESTS_PRODUCTION_PERCENT` of the reference day's
 * production at the City Hall level, raised by the streak's bonus, each resource rounded down to a
 * whole unit (thousandths); a resource the level does not produce yet is left out.
 */
export function dailyQuestReward(chLevel: number, streakDays: number): QuestReward {
  const day = referenceDailyProduction(chLevel);
  const percent = DAILY_QUESTS_PRODUCTION_PERCENT * (100 + streakBonusPercent(streakDays));
  const units = (resource: ResourceKey) => Math.floor((day[resource] * percent) / (100 * 100 * DAILY_QUESTS.length * 1000));
  return Object.fromEntries(RESOURCE_KEYS.filter((resource) => units(resource) > 0).map((resource) => [resource, units(resource) * 1000]));
}

/**
 * Days played in a row, today counted when played: a game day is played when the player completed
 * one of its daily quests. `playedDays` are game-day keys (`gameDayKey`); a run that does not reach
 * today or yesterday is over.
 */
export function streakDays(playedDays: ReadonlySet<string>, today: string): number {
  let day = playedDays.has(today) ? today : previousDayKey(today);
  let days = 0;
  while (playedDays.has(day)) {
    days += 1;
    day = previousDayKey(day);
  }
  return days;
}

/** The game day before a game-day key (yyyy-MM-dd: the calendar day before). */
export function previousDayKey(key: string): string {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * Goals after the first steps that lead a player through the game's features (City Hall, raids,
 * gear, alliance, the blacksmith, the citadel, the throne), claimed in order, each once: RUNIK, drawn
 * from the emission budget for a paid player, locked (spendable, never withdrawable) for a free one,
 * whom no budget backs. 45 RUNIK in all, a small part of a registration's 40 HIVE: registering
 * accounts to claim the chain never pays.
 */
export const QUEST_CHAIN = [
  { id: 'city-hall-5', goal: 5, reward: { runik: 10_000 } },
  { id: 'win-raid', goal: 1, reward: { runik: 5_000 } },
  { id: 'first-gear', goal: 1, reward: { runik: 5_000 } },
  { id: 'join-alliance', goal: 1, reward: { runik: 10_000 } },
  { id: 'upgrade-gear', goal: 1, reward: { runik: 5_000 } },
  { id: 'hit-boss', goal: 1, reward: { runik: 5_000 } },
  { id: 'throne-troops', goal: 1, reward: { runik: 5_000 } },
] as const satisfies readonly QuestDefinition<string>[];

export type DailyQuestId = (typeof DAILY_QUESTS)[number]['id'];
export type ChainQuestId = (typeof QUEST_CHAIN)[number]['id'];
export type QuestId = DailyQuestId | ChainQuestId;

export const QUEST_IDS: readonly QuestId[] = [...DAILY_QUESTS, ...QUEST_CHAIN].map((quest) => quest.id);

/** What a quest's counted actions and levels stand at for a player, before the goal caps them. */
export type QuestCounts = Record<QuestId, number>;

export interface QuestStanding {
  id: QuestId;
  daily: boolean;
  /** The count, capped at the goal. */
  progress: number;
  goal: number;
  reward: QuestReward;
  complete: boolean;
  /** A chain quest waits for the one before it to be claimed. */
  waitsFor: ChainQuestId | null;
}

/** What a player's rewards depend on: the City Hall's level and the days played in a row. */
export interface QuestRewardTerms {
  chLevel: number;
  streakDays: number;
}

/** Every quest as it stands: daily ones first, then the chain in order, each told whether it may be claimed. */
export function questStandings(counts: QuestCounts, claimedChain: ReadonlySet<ChainQuestId>, terms: QuestRewardTerms): QuestStanding[] {
  const standing = (
    quest: { id: QuestId; goal: number },
    daily: boolean,
    reward: QuestReward,
    waitsFor: ChainQuestId | null,
  ): QuestStanding => ({
    id: quest.id,
    daily,
    progress: Math.min(counts[quest.id], quest.goal),
    goal: quest.goal,
    reward,
    complete: counts[quest.id] >= quest.goal,
    waitsFor,
  });
  const dailyReward = dailyQuestReward(terms.chLevel, terms.streakDays);
  return [
    ...DAILY_QUESTS.map((quest) => standing(quest, true, dailyReward, null)),
    ...QUEST_CHAIN.map((quest, index) => {
      const before = index > 0 ? QUEST_CHAIN[index - 1].id : null;
      return standing(quest, false, quest.reward, before && !claimedChain.has(before) ? before : null);
    }),
  ];
}
