import { z } from 'zod';
import {
  EARN_BACK_FLOOR_DAYS,
  type EmissionLimit,
  formatRunik,
  QUEST_IDS,
  type QuestId,
  type ResourceKey,
  YOUNG_ACCOUNT_DAILY_SHARE,
} from '@runik/rules';
import { hiveUsernameSchema } from '../common/schemas';

/** Daily quests and the quest chain (not in the spec: issue 36; docs/quests.md). */
export const QuestMessages = {
  unknownQuest: 'questId must name a quest.',
  notComplete: 'This quest is not complete yet.',
  alreadyClaimed: 'This reward was already claimed.',
  claimChainInOrder: (title: string) => `Claim "${title}" first: the quest chain is claimed in order.`,
  /** A RUNIK reward the emission budget holds back until the next game day, by what holds it. */
  rewardWaits: {
    budget: (countdown: string) => `Today's RUNIK budget is spent. Your reward waits for the next budget: claim it again in ${countdown}.`,
    share: (countdown: string) =>
      `Your share of today's RUNIK budget is spent. Your reward waits for the next budget: claim it again in ${countdown}.`,
    young: (countdown: string) =>
      `A new account shares in at most ${formatRunik(YOUNG_ACCOUNT_DAILY_SHARE)} RUNIK of the budget a day in its first ${EARN_BACK_FLOOR_DAYS} game days, and today's is spent. Your reward waits for the next budget: claim it again in ${countdown}.`,
    newcomers: (countdown: string) =>
      `Today's RUNIK budget for players who harvested nothing yesterday is spent. Your reward waits for the next budget: claim it again in ${countdown}.`,
    releases: (countdown: string) =>
      `Today's RUNIK budget for activations is spent. Your reward waits for the next budget: claim it again in ${countdown}.`,
  },
} as const;

/** Each quest's title, as the panel and the notifications show it. */
export const QUEST_TITLES: Record<QuestId, string> = {
  harvest: 'Harvest your city',
  'train-troops': 'Train a batch of troops',
  fight: 'Raid a city or the practice camp, or hit the citadel boss',
  'city-hall-5': 'Raise City Hall to level 5',
  'win-raid': 'Win a raid on another city',
  'first-gear': 'Own your first gear',
  'join-alliance': 'Join or found an alliance',
  'upgrade-gear': 'Upgrade a gear at the Blacksmith',
  'hit-boss': 'Hit the boss of the Abyssal Citadel',
  'throne-troops': 'Send troops to a throne rally or garrison',
};

/** A reward in display units (3 decimals): RUNIK and resources, only those it gives. */
export type QuestRewardDto = Partial<Record<ResourceKey | 'runik', number>>;

export interface QuestDto {
  id: QuestId;
  title: string;
  /** Counted from the real actions (or the level reached), capped at the goal. */
  progress: number;
  goal: number;
  reward: QuestRewardDto;
  /** When the quest was seen complete (ISO 8601), or null. */
  completedAt: string | null;
  /** When its reward was claimed (ISO 8601), or null. */
  claimedAt: string | null;
}

/** GET /api/quests/{username}, and the answer of a claim. */
export interface QuestsResponse {
  /** Today's three tasks, their rewards in proportion to the City Hall's level and the streak: they start again at the next game day (08:00 Asia/Manila). */
  daily: QuestDto[];
  /** The chain, in the order it is claimed. */
  chain: QuestDto[];
  /** When today's daily quests end (ISO 8601). */
  dailyResetsAt: string;
  /** Game days played in a row (a day with a daily quest completed), today once played; and what it adds to the daily rewards. */
  streak: { days: number; bonusPercent: number };
}

/** POST /api/quests/{username}/claim's answer: what was credited, and every quest after it. */
export interface QuestClaimResponse extends QuestsResponse {
  claimed: QuestDto;
}

/** 429 body when the emission budget holds a RUNIK reward back until the next game day. */
export interface QuestRewardWaitsError {
  error: string;
  limitedBy: EmissionLimit;
  resetsAt: string;
}

export const questsParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const questClaimSchema = z.strictObject({
  questId: z.enum(QUEST_IDS as [QuestId, ...QuestId[]], { error: QuestMessages.unknownQuest }),
});
export type QuestClaimRequest = z.infer<typeof questClaimSchema>;
