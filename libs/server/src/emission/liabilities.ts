import { EntityManager } from 'typeorm';
import { sql } from 'kysely';
import type { Liabilities } from '@runik/rules';
import { db, rows } from '../core/database/sql';

/**
 * What the game owes in RUNIK, in thousandths, read in one statement (docs/decisions.md, "What the
 * game owes"): `liabilitiesOf` (libs/rules) computed in SQL over every player's RUNIK and the open
 * withdrawals, which a server test holds to the same figure on the same rows.
 */
export async function readLiabilities(manager: EntityManager): Promise<Liabilities> {
  // An aggregate answers one row; each sum is cast to bigint, which the pool parses as a number.
  const [row] = await rows(
    manager,
    sql<Liabilities>`WITH held AS (
       SELECT p.activation = 'paid' AS paid, b.amount, LEAST(p.locked_runik, b.amount) AS game_only
         FROM balances b JOIN ledger_accounts a ON a.id = b.account_id JOIN players p ON p.id = a.player_id
        WHERE b.asset = 'runik'),
     open AS (SELECT status, amount_thousandths FROM withdrawals WHERE status IN ('queued', 'pending', 'sent'))
     SELECT (SELECT coalesce(sum(amount - game_only) FILTER (WHERE paid), 0) FROM held)::bigint AS withdrawable,
            (SELECT coalesce(sum(game_only) FILTER (WHERE paid), 0) FROM held)::bigint AS locked,
            (SELECT coalesce(sum(amount) FILTER (WHERE NOT paid), 0) FROM held)::bigint AS free,
            (SELECT coalesce(sum(game_only) FILTER (WHERE NOT paid), 0) FROM held)::bigint AS "freeGameOnly",
            (SELECT coalesce(sum(amount - game_only) FILTER (WHERE NOT paid), 0) FROM held)::bigint AS contingent,
            (SELECT coalesce(sum(amount_thousandths) FILTER (WHERE status = 'queued'), 0) FROM open)::bigint AS queued,
            (SELECT coalesce(sum(amount_thousandths) FILTER (WHERE status <> 'queued'), 0) FROM open)::bigint AS committed`.compile(db),
  );
  return row;
}
