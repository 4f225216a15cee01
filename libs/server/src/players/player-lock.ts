import { EntityManager } from 'typeorm';
import { compiledOnce, db, firstRow } from '../core/database/sql';

/**
 * Takes the player's row for the rest of the transaction, so their money decisions (a purchase, a deposit report,
 * a withdrawal) run one at a time and a balance checked stays the balance spent. FOR NO KEY UPDATE, not FOR
 * UPDATE: a foreign key to the player (a reward row written after paying them, a gear) takes KEY SHARE, which
 * FOR UPDATE would block while this transaction waits for that payer's balance lock: a deadlock.
 */
export function lockPlayer(manager: EntityManager, playerId: number) {
  return firstRow(manager, lockStatement(playerId));
}

const lockStatement = compiledOnce((playerId: number) =>
  db.selectFrom('players').select(['activation', 'hive_username']).where('id', '=', playerId).forNoKeyUpdate(),
);
