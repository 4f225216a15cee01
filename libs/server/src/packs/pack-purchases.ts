import type { EntityManager } from 'typeorm';
import { sql } from 'kysely';
import { PACK_BULK_SIZE, PACK_PRICES, PackCurrency, packTier } from '@runik/rules';
import { db, rows } from '../core/database/sql';
import type { FairRolls } from '../fairness/fair-rolls';

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
  await rows(
    manager,
    db
      .selectFrom('players')
      .select(sql<1>`1`.as('one'))
      .where('id', '=', playerId)
      .forNoKeyUpdate(),
  );
}

export async function packsBought(manager: EntityManager, playerId: number): Promise<Record<PackCurrency, number>> {
  const sums = await rows(
    manager,
    db
      .selectFrom('pack_purchases')
      // sum() of an int4 is an int8, which comes back as a number.
      .select(['currency', (eb) => eb.fn.sum<number>('pack_count').as('packs')])
      .where('player_id', '=', playerId)
      .where('status', '=', 'confirmed')
      .groupBy('currency')
      .$narrowType<{ currency: PackCurrency }>(),
  );
  const bought = { runik: 0, hive: 0 };
  for (const row of sums) bought[row.currency] = row.packs;
  return bought;
}

/**
 * Records a purchase with its price, tier and the seed its gears will be rolled from: the buyer's next fair roll
 * (its seed pair and nonce stored with it, docs/fairness.md). The buyer is locked by the caller.
 */
export async function recordPackPurchase(
  manager: EntityManager,
  rolls: FairRolls,
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
  const roll = await rolls.take(manager, purchase.playerId);
  const [{ id }] = await rows(
    manager,
    db
      .insertInto('pack_purchases')
      .values({
        player_id: purchase.playerId,
        currency: purchase.currency,
        pack_count: purchase.packCount,
        price_thousandths: packPrice(purchase.currency, purchase.packCount),
        tier: packTier(bought.runik + bought.hive),
        seed: roll.seed,
        fair_seed_id: roll.fairSeedId,
        nonce: roll.nonce,
        status: purchase.status,
        transaction_id: purchase.transactionId,
        created_at: purchase.now,
        updated_at: purchase.now,
      })
      .returning('id'),
  );
  return id;
}
