import { ResourceAmounts } from '../city/balance-sheet';

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
 * Three tasks any player can finish in a day's visits: two harvests (one every 4 hours), a batch of
 * troops trained, a fight (a raid on a city or the practice camp, or a hit on the citadel's boss).
 * Resources only (about 0.8 RUNIK a day at the conversion rates, before tax; twice that took the
 * simulation's coverage under 1, docs/quests.md): a daily faucet of RUNIK
 * would be a second conversion beside the capped one.
 */
export const DAILY_QUESTS = [
  { id: 'harvest-twice', goal: 2, reward: { wheat: 25_000, lumber: 20_000 } },
  { id: 'train-troops', goal: 1, reward: { stone: 15_000, ore: 12_000 } },
  { id: 'fight', goal: 1, reward: { wheat: 15_000, lumber: 12_000, stone: 10_000, ore: 8_000 } },
] as const satisfies readonly QuestDefinition<string>[];

/**
 * Goals after the first steps, claimed in order, each once: RUNIK, drawn from the emission budget for
 * a paid player, locked (spendable, never withdrawable) for a free one, whom no budget backs. 30 RUNIK
 * in all, a small part of a registration's 40 HIVE: registering accounts to claim the chain never pays.
 */
export const QUEST_CHAIN = [
  { id: 'city-hall-5', goal: 5, reward: { runik: 10_000 } },
  { id: 'win-raid', goal: 1, reward: { runik: 5_000 } },
  { id: 'first-gear', goal: 1, reward: { runik: 5_000 } },
  { id: 'join-alliance', goal: 1, reward: { runik: 10_000 } },
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

/** Every quest as it stands: daily ones first, then the chain in order, each told whether it may be claimed. */
export function questStandings(counts: QuestCounts, claimedChain: ReadonlySet<ChainQuestId>): QuestStanding[] {
  const standing = (quest: QuestDefinition<QuestId>, daily: boolean, waitsFor: ChainQuestId | null): QuestStanding => ({
    id: quest.id,
    daily,
    progress: Math.min(counts[quest.id], quest.goal),
    goal: quest.goal,
    reward: quest.reward,
    complete: counts[quest.id] >= quest.goal,
    waitsFor,
  });
  return [
    ...DAILY_QUESTS.map((quest) => standing(quest, true, null)),
    ...QUEST_CHAIN.map((quest, index) => {
      const before = index > 0 ? QUEST_CHAIN[index - 1].id : null;
      return standing(quest, false, before && !claimedChain.has(before) ? before : null);
    }),
  ];
}
