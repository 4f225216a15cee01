-- POST /api/city/convert/{username} (resources to RUNIK: one resource, a fixed amount) as the api
-- runs it for a paid player (CityTransactions.run, ConversionService.convertToRunik,
-- EmissionBudget.allowanceOf/drawShare/drawFromDay, LedgerService.post), statement by statement as
-- PostgreSQL logs them (bench/capture-sql.ts), with the same locks: the city row FOR UPDATE; the
-- daily cap's sum, the emission allowance (the day's row, what the player drew, whether it is young)
-- and the player's weight (yesterday's harvests: none here, so a newcomer) read; the player's share
-- drawn in place on its draw row (made if missing); then the balance rows in the ledger's order. The
-- posting is written as the ledger sends it: one statement for the posting's player legs (writeLegs
-- in libs/server/src/ledger/ledger-writes.ts: the player's RUNIK credit and wheat debit, by asset),
-- then the player's balances read back, the draw added to the day's row in place (within the budget
-- and the newcomers' slice, as the allowance saw them), and one statement just before COMMIT for the
-- system accounts' legs (deferred by the ledger: the mint's debit, which may go negative, the burn and
-- tax accounts' credits, rows by account id: mint, burn, tax), as the ledger sends them, with COMMIT
-- pipelined right behind it (\startpipeline: the ledger does not wait for the legs' answer either,
-- ledger-writes.ts).
--
-- Variables from bench/money.ts (pgbench -D): player_first/player_last (the players),
-- account_offset (a player's ledger account id less its id, the same for every player of the game:
-- the api has the ids in memory, as it has the system accounts'), mint_account, burn_account,
-- tax_account, amount and amount_debit (the wheat converted, thousandths, and its negative),
-- gained, tax, gross_debit (RUNIK thousandths from the rules: to the player, to the tax account,
-- from the mint); day, day_start, yesterday_start, young_since (the game day's key and instants, from
-- the rules, as the api computes them per call), day_budget, newcomers_slice and share (the day's
-- budget as the api reads it, and the slice and a young newcomer's share the rules make of it:
-- the api computes them per call from the row it reads). Constant strings are literals here where
-- the api sends them as parameters, the posting id and the time are made by PostgreSQL; writeLegs'
-- arrays are built here from the variables where the api sends them as array parameters (with
-- their LIMIT, the legs' count, as the api writes it); `ANY (ARRAY[:player])` stands for the
-- api's `ANY($1)` with '{id}'. pgbench cannot tell a refused debit or draw from the rows returned
-- (the api throws): a refused debit leaves the ledger unbalanced, which the bench's ledger check
-- reports, and the bench's draws stay far within the budget.
\set player random(:player_first, :player_last)
\set account :player + :account_offset
\set posting random(1, 9007199254740991)
\set share_most :share - :gained
\set used_most :day_budget - :gained
\set newcomers_most :newcomers_slice - :gained
BEGIN;
SELECT 1 FROM cities WHERE player_id = :player FOR UPDATE;
SELECT c.*, p.activation,
       (SELECT coalesce(json_object_agg(b.asset, b.amount), '{}') FROM balances b
          JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = c.player_id) AS balances,
       (SELECT coalesce(json_agg(json_build_object('building', q.building, 'count', q.count, 'completesAt', q.completes_at)), '[]')
          FROM training_queue q WHERE q.player_id = c.player_id) AS queue,
       (SELECT coalesce(json_agg(json_build_object('type', g.type, 'rarity', g.rarity, 'level', g.level)), '[]')
          FROM gears g WHERE g.owner_id = c.player_id AND g.equipped) AS equipped
     FROM cities c JOIN players p ON p.id = c.player_id
     WHERE c.player_id = ANY (ARRAY[:player::bigint]);
SELECT coalesce(sum(e.delta), 0)::bigint AS credited FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
 WHERE a.player_id = :player AND e.asset = 'runik' AND e.reason IN ('convert-to-runik', 'convert-to-game-runik') AND e.created_at >= :day_start::timestamptz;
SELECT day::text AS day, budget, used, newcomers_used, releases_used, total_weight, sized_from_treasury,
       (SELECT d.used FROM emission_draws d WHERE d.day = emission_days.day AND d.player_id = :player) AS drawn,
       EXISTS (SELECT 1 FROM players WHERE players.id = :player AND coalesce(players.activated_at, players.created_at) >= :young_since::timestamptz) AS young
  FROM emission_days WHERE day = :day::date;
SELECT p.id AS player_id, e.asset, sum(e.delta)::bigint AS harvested FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id JOIN players p ON p.id = a.player_id
 WHERE e.reason = 'harvest' AND e.created_at >= :yesterday_start::timestamptz AND e.created_at < :day_start::timestamptz AND e.delta > 0
   AND p.activation = 'paid' AND coalesce(p.activated_at, p.created_at) < :day_start::timestamptz AND a.player_id = ANY (ARRAY[:player::bigint])
 GROUP BY p.id, e.asset;
INSERT INTO emission_draws (day, player_id, used) VALUES (:day::date, :player, :gained)
 ON CONFLICT (day, player_id) DO UPDATE SET used = emission_draws.used + excluded.used WHERE emission_draws.used <= :share_most
 RETURNING used;
WITH legs AS (
   SELECT * FROM unnest(ARRAY[:account, :account]::bigint[], '{runik,wheat}'::text[], ARRAY[:gained, :amount_debit]::bigint[], '{f,f}'::boolean[],
                        array_fill(md5(:client_id::text || '-' || :posting::text)::uuid, ARRAY[2]), '{convert-to-runik,convert-to-runik}'::text[],
                        array_fill('player:' || :player::text, ARRAY[2]), array_fill(now(), ARRAY[2]))
     WITH ORDINALITY AS leg (account_id, asset, delta, allow_negative, posting_id, reason, reference, created_at, position)
     LIMIT 2),
 sums AS (
   SELECT account_id, asset, sum(delta) AS delta, bool_or(allow_negative) AS allow_negative, min(position) AS first FROM legs GROUP BY account_id, asset),
 totals AS (SELECT *, delta < 0 AND NOT allow_negative AS checked FROM sums),
 changed AS (
   INSERT INTO balances (account_id, asset, amount, allow_negative)
   SELECT account_id, asset, CASE WHEN checked THEN 0 ELSE delta END, allow_negative FROM totals t
    WHERE NOT checked OR EXISTS (SELECT 1 FROM balances b WHERE b.account_id = t.account_id AND b.asset = t.asset)
    ORDER BY t.first
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + (SELECT delta FROM totals t WHERE t.account_id = EXCLUDED.account_id AND t.asset = EXCLUDED.asset)
    WHERE balances.allow_negative OR balances.amount + (SELECT delta FROM totals t WHERE t.account_id = EXCLUDED.account_id AND t.asset = EXCLUDED.asset) >= 0
   RETURNING account_id, asset, amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT l.posting_id, l.account_id, l.asset, l.delta,
        c.amount - coalesce(sum(l.delta) OVER (PARTITION BY l.account_id, l.asset ORDER BY l.position ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0),
        l.reason, l.reference, l.created_at
   FROM legs l JOIN changed c ON c.account_id = l.account_id AND c.asset = l.asset
  ORDER BY l.position
 RETURNING account_id, asset;
SELECT b.asset, b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = :player;
UPDATE emission_days SET used = used + :gained, newcomers_used = newcomers_used + :gained
 WHERE day = :day::date AND budget = :day_budget AND used <= :used_most AND newcomers_used <= :newcomers_most
 RETURNING 1 AS drawn;
\startpipeline
WITH legs AS (
   SELECT * FROM unnest(ARRAY[:mint_account, :burn_account, :tax_account]::bigint[], '{runik,wheat,runik}'::text[], ARRAY[:gross_debit, :amount, :tax]::bigint[], '{t,f,f}'::boolean[],
                        array_fill(md5(:client_id::text || '-' || :posting::text)::uuid, ARRAY[3]), '{convert-to-runik,convert-to-runik,convert-to-runik}'::text[],
                        array_fill('player:' || :player::text, ARRAY[3]), array_fill(now(), ARRAY[3]))
     WITH ORDINALITY AS leg (account_id, asset, delta, allow_negative, posting_id, reason, reference, created_at, position)
     LIMIT 3),
 sums AS (
   SELECT account_id, asset, sum(delta) AS delta, bool_or(allow_negative) AS allow_negative, min(position) AS first FROM legs GROUP BY account_id, asset),
 totals AS (SELECT *, delta < 0 AND NOT allow_negative AS checked FROM sums),
 changed AS (
   INSERT INTO balances (account_id, asset, amount, allow_negative)
   SELECT account_id, asset, CASE WHEN checked THEN 0 ELSE delta END, allow_negative FROM totals t
    WHERE NOT checked OR EXISTS (SELECT 1 FROM balances b WHERE b.account_id = t.account_id AND b.asset = t.asset)
    ORDER BY t.first
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + (SELECT delta FROM totals t WHERE t.account_id = EXCLUDED.account_id AND t.asset = EXCLUDED.asset)
    WHERE balances.allow_negative OR balances.amount + (SELECT delta FROM totals t WHERE t.account_id = EXCLUDED.account_id AND t.asset = EXCLUDED.asset) >= 0
   RETURNING account_id, asset, amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT l.posting_id, l.account_id, l.asset, l.delta,
        c.amount - coalesce(sum(l.delta) OVER (PARTITION BY l.account_id, l.asset ORDER BY l.position ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0),
        l.reason, l.reference, l.created_at
   FROM legs l JOIN changed c ON c.account_id = l.account_id AND c.asset = l.asset
  ORDER BY l.position
 RETURNING account_id, asset;
COMMIT;
\endpipeline
