import { CitadelMessages, type CitadelUserResponse, type FloorResponse } from '@runik/contract';

/**
 * Why the boss of `floor` cannot be attacked now, or null when it can: only the current,
 * living boss, and only with an army (spec section 5). The server checks the same.
 */
export function attackBlocker(progress: CitadelUserResponse, floor: FloorResponse): string | null {
  if (floor.isDefeated || floor.status === 'defeated') return CitadelMessages.bossDefeated;
  if (floor.floor !== progress.globalCurrentFloor) return CitadelMessages.notCurrentFloor;
  if (progress.user.armyPower <= 0) return CitadelMessages.noArmy;
  return null;
}
