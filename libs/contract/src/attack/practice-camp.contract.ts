import type { ArmyStatsResponse, AttackResult, PendingResourcesDto, TroopCounts } from './attack.contract';

/**
 * The practice camp (not in the spec: issue 35; docs/combat.md, "The practice camp"): a camp the game
 * keeps for each player, raidable on day one, that fights back and yields a few resources.
 */
export const PracticeCampMessages = {
  /** The camp's name where a battle names its sides. */
  name: 'Practice camp',
  coolingDown: (countdown: string) => `You raided the practice camp recently. Try again in ${countdown}.`,
} as const;

/** GET /api/practice-camp/{username}: the camp as it would face the player now. */
export interface PracticeCampResponse extends TroopCounts {
  armyPower: number;
  /** What is left in the camp's stores today: a raid takes 30% of it, 80% of that reaches home. */
  store: PendingResourcesDto;
  /** When the stores are full again (the next game day). */
  storeRefillsAt: string;
  /** When the player may raid the camp again; null if now. */
  cooldownUntil: string | null;
}

/** POST /api/practice-camp/{username}/raid: the battle (its `battleId` numbers practice raids, not battles), the army after it, the camp after it. */
export interface PracticeRaidResponse {
  result: AttackResult;
  updatedPlayer: ArmyStatsResponse;
  camp: PracticeCampResponse;
}
