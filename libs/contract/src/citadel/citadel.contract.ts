import { z } from 'zod';
import { CITADEL_REWARD_HISTORY_LIMIT } from '@runik/rules';
import { hiveUsernameSchema } from '../common/schemas';
import type { Army } from '../city/city.contract';

/** Citadel messages: the spec's verbatim where it gives them (sections 5 and 8), ours otherwise. */
export const CitadelMessages = {
  noArmy: 'You need an army to attack! Train some troops first.',
  invalidFloor: 'floor must be a whole number of at least 1.',
  invalidLimit: `limit must be a whole number from 1 to ${CITADEL_REWARD_HISTORY_LIMIT}.`,
  floorLocked: 'Access Denied: this floor has not been reached yet.',
  notCurrentFloor: 'Only the current floor can be attacked.',
  bossDefeated: 'This boss has already been defeated.',
  // Client texts (section 8).
  failedProgress: 'Failed to fetch user progress',
  failedFloor: 'Failed to fetch floor data',
  networkError: 'Network error',
  attackFailed: 'Attack failed',
  networkAttack: 'Network error during attack',
  accessDenied: 'Access Denied',
} as const;

const floorNumber = z
  .string({ error: CitadelMessages.invalidFloor })
  .regex(/^[1-9]\d{0,5}$/, CitadelMessages.invalidFloor)
  .transform(Number);

export const citadelUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const citadelFloorParamsSchema = z.strictObject({ n: floorNumber });
export const citadelRewardsQuerySchema = z.strictObject({
  limit: z
    .string({ error: CitadelMessages.invalidLimit })
    .regex(/^\d{1,2}$/, CitadelMessages.invalidLimit)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= CITADEL_REWARD_HISTORY_LIMIT, CitadelMessages.invalidLimit)
    .optional()
    .default(CITADEL_REWARD_HISTORY_LIMIT),
});
export const citadelAttackSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  floor: z
    .number({ error: CitadelMessages.invalidFloor })
    .int(CitadelMessages.invalidFloor)
    .min(1, CitadelMessages.invalidFloor)
    .max(999_999, CitadelMessages.invalidFloor),
});
export type CitadelAttackRequest = z.infer<typeof citadelAttackSchema>;

export interface CitadelUserResponse {
  globalCurrentFloor: number;
  /** Attacks since the last 08:00 in Manila. */
  todayAttackCount: number;
  /** When the daily count resets. */
  nextResetAt: string;
  user: { armyPower: number; army: Army };
  totalStats: { totalDamageDealt: number };
  /** RUNIK the player's damage on the current floor would earn if the boss fell now. */
  pendingRewards: number;
  /** The next hit on the current floor's boss, as the attack would deal it (issue 36). */
  preview: CitadelPreview;
}

/** What a hit on the boss would do: the citadel has no luck, so these are the figures the hit will have. */
export interface CitadelPreview {
  /** Power points, 3 decimals: the army's power with its gear, at most the boss's hit points left. */
  damagePerHit: number;
  bossHpLeft: number;
  /** Roughly how many hits at this power fell the boss (each costs troops, so perhaps a few more); null without an army. */
  hitsToDefeat: number | null;
  /** The next hit's dead and injured (the day's n-th attack loses 0.5% x n and 1% x n of each troop type). */
  nextHitCasualties: { dead: Army; injured: Army };
}

export interface FloorParticipant {
  hiveUsername: string;
  /** Power points, 3 decimals. */
  totalDamage: number;
  damagePercentage: number;
  attackCount: number;
}

export type FloorStatus = 'current' | 'defeated';

export interface FloorResponse {
  floor: number;
  status: FloorStatus;
  isDefeated: boolean;
  currentHp: number;
  maxHp: number;
  healthPercentage: number;
  /** RUNIK shared by damage when the boss falls. */
  reward: number;
  /** 1 to 12, cycling with the floor. */
  bossImage: number;
  totalParticipants: number;
  topThreeDealers: FloorParticipant[];
  /** Every participant, most damage first. */
  allParticipants: FloorParticipant[];
}

export interface CitadelAttackResponse {
  /** The attack's id: its battle report is the `citadel` report of this id. */
  battleId: number;
  damageDealt: number;
  bossDefeated: boolean;
  userReward: { rewardAmount: number } | null;
  bossRemainingHp: number;
  newFloorUnlocked: boolean;
  newCurrentFloor: number;
  todayAttackCount: number;
  casualties: { dead: Army; injured: Army };
}

export interface CitadelRewardRecord {
  floor: number;
  damageDealt: number;
  damagePercentage: number;
  rewardAmount: number;
  distributedAt: string;
}

export interface CitadelRewardsResponse {
  rewards: CitadelRewardRecord[];
}
