import type { EntityManager } from 'typeorm';
import { db, rows } from '../core/database/sql';

/** How many times the player bought each item (confirmed purchases), for the items' limits and counts. */
export async function shopPurchaseCounts(manager: EntityManager, playerId: number): Promise<Map<string, number>> {
  const counts = await rows(
    manager,
    db
      .selectFrom('shop_purchases')
      // count() is an int8, which comes back as a number.
      .select(['item_name', (eb) => eb.fn.countAll<number>().as('bought')])
      .where('player_id', '=', playerId)
      .where('status', '=', 'confirmed')
      .groupBy('item_name'),
  );
  return new Map(counts.map((row) => [row.item_name, row.bought]));
}
