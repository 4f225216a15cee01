import type { EntityManager } from 'typeorm';

/** A player's Hive username, for what other players are shown (notifications name who did it). */
export async function usernameOf(manager: EntityManager, playerId: number): Promise<string> {
  const [player]: { hive_username: string }[] = await manager.query(`SELECT hive_username FROM players WHERE id = $1`, [playerId]);
  return player.hive_username;
}
