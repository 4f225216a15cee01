import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { MAX_SEED, PACK_BULK_SIZE, PACK_PRICES, PackCurrency, packTier } from '@runik/rules';

/** What `packCount` packs cost, in thousandths of the currency. */
export function packPrice(currency: PackCurrency, packCount: number): number {
  return PACK_PRICES[currency][packCount === PACK_BULK_SIZE ? 'bulk' : 'single'];
}

/**
 * One purchase decision at a time per player: the balance check, the tier (packs bought so far) and
 * the insert see every earlier purchase, so simultaneous purchases neither get the ledger's bare
 * refusal instead of the spec's message nor share a tier.
 */
export async function lockBuyer(manager: EntityManager, playerId: number): Promise<void> {
  await manager.query(`SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE`, [playerId]);
}

export async function packsBought(manager: EntityManager, playerId: number): Promise<Record<PackCurrency, number>> {
  const rows: { currency: PackCurrency; packs: string }[] = await manager.query(
    `SELECT currency, sum(pack_count) AS packs FROM pack_purchases WHERE player_id = $1 AND status = 'confirmed' GROUP BY currency`,
    [playerId],
  );
  const bought = { runik: 0, hive: 0 };
  for (const row of rows) bought[row.currency] = Number(row.packs);
  return bought;
}

/** Records a purchase with its price, tier and the seed its gears will be rolled from; the buyer is locked by the caller. */
export async function recordPackPurchase(
  manager: EntityManager,
  purchase: {
    playerId: number;
    currency: PackCurrency;
    packCount: number;
    status: 'pending' | 'confirmed';
    transactionId: string | null;
    now: Date;
  },
): Promise<number> {
  const bought = await packsBought(manager, purchase.playerId);
  const [{ id }] = await manager.query(
    `INSERT INTO pack_purchases (player_id, currency, pack_count, price_thousandths, tier, seed, status, transaction_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
    [
      purchase.playerId,
      purchase.currency,
      purchase.packCount,
      packPrice(purchase.currency, purchase.packCount),
      packTier(bought.runik + bought.hive),
      randomInt(0, MAX_SEED),
      purchase.status,
      purchase.transactionId,
      purchase.now,
    ],
  );
  return Number(id);
}
