import type { EntityManager } from 'typeorm';

/** How many times the player bought each item (confirmed purchases), for the items' limits and counts. */
export async function shopPurchaseCounts(manager: EntityManager, playerId: number): Promise<Map<string, number>> {
  const rows: { item_name: string; bought: string }[] = await manager.query(
    `SELECT item_name, count(*) AS bought FROM shop_purchases WHERE player_id = $1 AND status = 'confirmed' GROUP BY item_name`,
    [playerId],
  );
  return new Map(rows.map((row) => [row.item_name, Number(row.bought)]));
}
