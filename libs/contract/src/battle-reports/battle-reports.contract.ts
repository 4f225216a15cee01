import { z } from 'zod';
import type { BattleRolls, ResourceKey } from '@runik/rules';
import type { BattleVerdict } from '../attack/attack.contract';
import type { Army } from '../city/city.contract';

export const BATTLE_REPORT_KINDS = ['attack', 'citadel', 'throne'] as const;
export type BattleReportKind = (typeof BATTLE_REPORT_KINDS)[number];

export const BattleReportMessages = {
  invalidKind: `kind must be one of ${BATTLE_REPORT_KINDS.join(', ')}.`,
  invalidId: 'id must be a whole number of at least 1.',
  notFound: 'Battle not found.',
  forbidden: 'Only the players who fought this battle and their alliances can see its report.',
  // Client texts.
  loadFailed: 'Failed to load the battle report',
} as const;

export const battleReportParamsSchema = z.strictObject({
  kind: z.enum(BATTLE_REPORT_KINDS, { error: BattleReportMessages.invalidKind }),
  // Below 2^53: every id column (serial or bigserial) stays an exact number.
  id: z
    .string({ error: BattleReportMessages.invalidId })
    .regex(/^[1-9]\d{0,14}$/, BattleReportMessages.invalidId)
    .transform(Number),
});
export type BattleReportParams = z.infer<typeof battleReportParamsSchema>;

/** One player's troops in a battle. */
export interface BattleReportFighter {
  hiveUsername: string;
  /** The troops that went into the battle. */
  army: Army;
  /** Percent attack boost per troop type from commander gear; null for a throne battle fought before boosts were recorded. */
  boosts: Army | null;
  dead: Army;
  /** Injured troops, sent to the Sanctum to heal. */
  injured: Army;
}

export interface BattleReportSide {
  /** Power points, 3 decimals, as the battle counted them (a raid's include luck and the defender's home advantage). */
  power: number;
  fighters: BattleReportFighter[];
}

interface BattleReportBase {
  id: number;
  foughtAt: string;
  attacker: BattleReportSide;
}

/** A raid on a city: random, and replayable from its seed with the rules' resolveBattle. */
export interface AttackBattleReport extends BattleReportBase {
  kind: 'attack';
  winner: 'attacker' | 'defender';
  defender: BattleReportSide;
  seed: number;
  /** Every draw made from the seed, in order (luck factors, then each side's loss roundings by troop type). */
  rolls: BattleRolls;
  /** The defender's unharvested resources when attacked (what could be looted), 3 decimals. */
  defenderPending: Record<ResourceKey, number>;
  /** Percent of the loot share the raid could take (less from a much lower City Hall, docs/combat.md). */
  lootPercent: number;
  /** Percent of what was taken that was lost on the way home. */
  lootLostPercent: number;
  /** What the attacker brought home, and what was taken but lost on the way. */
  loot: Record<ResourceKey, number>;
  lootLost: Record<ResourceKey, number>;
  /** What decided it: both powers before and after luck (issue 36). */
  verdict: BattleVerdict;
}

/** An attack on a citadel boss: no draws; the attack number of the day sets the casualties. */
export interface CitadelBattleReport extends BattleReportBase {
  kind: 'citadel';
  floor: number;
  /** The n-th attack of the attacker's game day: it killed 0.5% × n and injured 1% × n of each troop type. */
  attackNumber: number;
  /** Power points, 3 decimals. */
  damage: number;
  bossHpBefore: number;
  bossHpAfter: number;
}

export interface ThroneBattleSide extends BattleReportSide {
  /** The side's alliance, null once disbanded (or for an empty throne). */
  alliance: { name: string; tag: string } | null;
}

/** A fight for the throne: no draws, decided by power alone. */
export interface ThroneBattleReport extends Omit<BattleReportBase, 'attacker'> {
  kind: 'throne';
  attackKind: 'solo' | 'rally';
  winner: 'attacker' | 'defender';
  attacker: ThroneBattleSide;
  defender: ThroneBattleSide;
}

export type BattleReportResponse = AttackBattleReport | CitadelBattleReport | ThroneBattleReport;
