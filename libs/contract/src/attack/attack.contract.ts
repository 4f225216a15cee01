import { z } from 'zod';
import type { RaidShield, ResourceKey } from '@runik/rules';
import { hiveUsernameSchema } from '../common/schemas';

/** Attack messages: the spec's verbatim where it gives them (sections 5 and 8), ours otherwise. */
export const AttackMessages = {
  invalidPage: 'page must be a whole number of at least 1.',
  invalidMinLevel: 'Minimum City Hall Level must be a whole number of 0 or more.',
  enemyNotFound: 'Enemy not found.',
  cannotAttackSelf: 'You cannot attack yourself.',
  cannotAttackAlly: 'You cannot attack a member of your own alliance.',
  noArmy: 'You need an army to attack! Train some troops first.',
  noAttacksLeft: (countdown: string) => `No attacks remaining. Next attack in ${countdown}.`,
  enemyCoolingDown: (countdown: string) => `You attacked this player recently. Try again in ${countdown}.`,
  // Raid shields (docs/combat.md, "Raids of weaker cities"): 403.
  freeShield: 'Paid accounts cannot raid free accounts.',
  newcomerShield: (countdown: string) => `This city is under a newcomer shield. Try again in ${countdown}.`,
  outOfBand: (levels: number) => `This city's City Hall is more than ${levels} levels below yours: it is not worth a raid.`,
  // Client texts (section 8).
  attackFailed: (error: string) => `Attack failed: ${error}`,
  sendError: 'Error sending attack. Please try again.',
  logsFailed: (message: string) => `Failed to fetch battle logs: ${message}`,
} as const;

/** A page of enemies. */
export const ENEMIES_PAGE_SIZE = 10;
/** Battle logs returned, newest first. */
export const BATTLE_LOG_LIMIT = 50;

const wholeNumberQuery = (minimum: number, message: string, fallback: number) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text === '') return fallback;
      if (!/^\d{1,9}$/.test(text) || Number(text) < minimum) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    });

export const attackUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const attackGearParamsSchema = z.strictObject({ id: hiveUsernameSchema });
export const attackParamsSchema = z.strictObject({ username: hiveUsernameSchema, enemy: hiveUsernameSchema });
/** Blank minLevel means 0 (spec, section 5). */
export const enemiesQuerySchema = z.strictObject({
  page: wholeNumberQuery(1, AttackMessages.invalidPage, 1),
  minLevel: wholeNumberQuery(0, AttackMessages.invalidMinLevel, 0),
});
export type EnemiesQuery = z.infer<typeof enemiesQuerySchema>;

/** Troops as the attack screens name them. */
export interface TroopCounts {
  infantry: number;
  archers: number;
  cavalry: number;
}

/** Percent attack boost from commander gear, by commander slot. */
export interface CommanderBonusesDto {
  infantry: number;
  archer: number;
  cavalry: number;
}

export interface ArmyStatsResponse extends TroopCounts {
  armyCount: number;
  /** Power points, 3 decimals. */
  armyPower: number;
  attacksRemaining: number;
  attacksMax: number;
  /** 0 when the charges are full. */
  nextRegenInMs: number;
  /** True while no attack charge is left. */
  cooldownActive: boolean;
  commanderBonuses: CommanderBonusesDto;
}

export type PendingResourcesDto = Record<ResourceKey, number>;

export interface Enemy extends TroopCounts {
  name: string;
  chLevel: number;
  allianceTag: string | null;
  armyPower: number;
  commanderBonuses: CommanderBonusesDto;
  pendingResources: PendingResourcesDto;
  /** When the viewer may attack this enemy again; null if now. */
  attackCooldownUntil: string | null;
  /** Why the viewer may not raid this city (docs/combat.md), or null when it may. */
  shield: RaidShield | null;
  /** When a newcomer shield ends; null otherwise. */
  shieldEndsAt: string | null;
  /** Percent of the usual loot share a raid would take: 100, less from a much lower City Hall, 0 when shielded. */
  lootPercent: number;
}

export interface EnemiesResponse {
  enemies: Enemy[];
  page: number;
  totalPages: number;
}

export interface BattleSideResult {
  name: string;
  dead: TroopCounts;
  injured: TroopCounts;
}

export type BattleWinner = 'attacker' | 'defender';

/**
 * What decided a raid, for the sentence a result and a report open with (issue 36): both powers before
 * luck (gear included; the defender's with the home advantage), each side's luck, and the powers after it.
 * Powers on the scale of `armyPower`.
 */
export interface BattleVerdict {
  attackerPower: number;
  defenderPower: number;
  defenderAdvantagePercent: number;
  attackerLuck: number;
  defenderLuck: number;
  attackerRolledPower: number;
  defenderRolledPower: number;
}

export interface AttackResult {
  battleId: number;
  winner: BattleWinner;
  attacker: BattleSideResult;
  defender: BattleSideResult;
  /** What the attacker brought home. */
  loot: PendingResourcesDto;
  /** What was taken from the defender but lost on the way home. */
  lootLost: PendingResourcesDto;
  verdict: BattleVerdict;
}

export interface AttackResponse {
  result: AttackResult;
  updatedPlayer: ArmyStatsResponse;
  /** The attacked enemy as it is now (army, pending resources, cooldown). */
  updatedEnemies: Enemy[];
}

/** 403 body when a newcomer shield protects the enemy. */
export interface EnemyShieldedError {
  error: string;
  shieldEndsAt: string;
}

/** 429 body when the enemy is cooling down. */
export interface EnemyCooldownError {
  error: string;
  cooldownUntil: string;
}

export interface BattleLogEntry {
  battleId: number;
  /** The recorded seed: with the armies it replays the battle (docs/combat.md). */
  seed: number;
  attacker: string;
  defender: string;
  winner: BattleWinner;
  timestamp: string;
  loot: PendingResourcesDto;
  attackerCasualties: TroopCounts;
  defenderCasualties: TroopCounts;
  attackerInjured: TroopCounts;
  defenderInjured: TroopCounts;
}

export interface BattleLogsResponse {
  logs: BattleLogEntry[];
}

/** A side's troops lost in a battle: dead, and injured (sent to the Sanctum). */
export interface TroopLosses {
  dead: TroopCounts;
  injured: TroopCounts;
}

/**
 * GET /api/attack/preview/{username}/{enemy} (issue 36; docs/combat.md, "The preview"): what an
 * attack would likely do, from the battle's own formula over the luck range, never from the roll a
 * battle will use. Powers on the scale of `armyPower`; chances 0 to 1; amounts as the city's.
 */
export interface AttackPreviewResponse {
  /** Your power with your commander gear, before luck. */
  attackerPower: number;
  /** Theirs with their commander gear and the home advantage, before luck. */
  defenderPower: number;
  /** Percent the defender's power counts more, fighting at home. */
  defenderAdvantagePercent: number;
  /** Both sides' commander gear boosts, percent by troop type. */
  attackerBonuses: CommanderBonusesDto;
  defenderBonuses: CommanderBonusesDto;
  /** Share of the luck range (each side x0.90 to x1.10) in which you win. */
  winChance: number;
  /** Who wins at even luck (x1 both): the battle the figures below describe. */
  expectedWinner: BattleWinner;
  /** Your losses at even luck (a lost unit's fraction rounded to the nearest). */
  expectedLosses: TroopLosses;
  /** Theirs at even luck. */
  expectedEnemyLosses: TroopLosses;
  /** What you bring home at even luck: their pending stock x loot share x this raid's percent, within what your survivors carry, less what is lost on the way. */
  expectedLoot: PendingResourcesDto;
  /** What is taken from them but lost on the way home, at even luck. */
  lostOnTheWayHome: PendingResourcesDto;
  /** Percent of the usual loot share this raid takes (less from a much lower City Hall). */
  lootPercent: number;
}
