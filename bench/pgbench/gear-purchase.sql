-- POST /api/p2p/buy as the api runs it (TradingService.buy with LedgerService.post and
-- Notifier.notifyEach), statement by statement as PostgreSQL logs them (bench/capture-sql.ts), with
-- the same locks: the early read outside the transaction (none), the listing FOR UPDATE with the
-- buyer's activation, the buyer's player row FOR NO KEY UPDATE, then the listing and the gear sold in
-- one statement and the seller's notification, then the balance rows in the ledger's order. The
-- posting is written as the ledger sends it: one statement for the posting's player legs (writeLegs
-- in libs/server/src/ledger/ledger-writes.ts: the buyer's debit and the seller's credit, accounts by
-- id, the buyer's before every seller's in this game), and one statement just before COMMIT for the
-- system accounts' legs (the tax account's credit, deferred by the ledger), as the ledger sends them,
-- with COMMIT pipelined right behind it (\startpipeline: the ledger does not wait for the legs' answer
-- either, ledger-writes.ts).
--
-- Variables from bench/money.ts (pgbench -D): buyer_first/buyer_last (the paid buyers),
-- listing_first/listing_last (listings seeded for pgbench), account_offset (a player's ledger
-- account id less its id, the same for every player of the game: the api has the ids in memory,
-- as it has tax_account's), price_debit (the price in thousandths, negative), seller_share, tax_share.
-- A listing may be drawn again: it is then sold again by the same statements (the api would
-- refuse it after the listing lock; pgbench has no such branch; its notification then meets the
-- conflict and inserts nothing). Constant strings are literals here where the api sends them as
-- parameters, the posting id and the time are made by PostgreSQL; writeLegs' arrays are built here
-- from the variables where the api sends them as array parameters (with their LIMIT, the legs'
-- count, as the api writes it), and the notification's data is built by jsonb_build_object where
-- the api sends it as JSON text (the same jsonb). pgbench cannot tell a refused debit from the rows
-- writeLegs returns (the api throws): a refused debit leaves the ledger unbalanced, which the
-- bench's ledger check reports.
\set buyer random(:buyer_first, :buyer_last)
\set buyer_account :buyer + :account_offset
\set listing random(:listing_first, :listing_last)
\set posting random(1, 9007199254740991)
SELECT p.activation, l.status, l.seller_id FROM players AS p LEFT JOIN listings AS l ON l.id = :listing WHERE p.id = :buyer;
BEGIN;
SELECT l.*, (SELECT activation FROM players WHERE id = :buyer) AS activation FROM listings AS l WHERE l.id = :listing FOR UPDATE OF l \gset listing_
SELECT activation, hive_username FROM players WHERE id = :buyer FOR NO KEY UPDATE \gset buyer_
\set seller_account :listing_seller_id + :account_offset
SELECT coalesce(b.amount, 0) AS runik, GREATEST(0, coalesce(b.amount, 0) - p.locked_runik) AS withdrawable
  FROM players AS p JOIN ledger_accounts AS a ON a.player_id = p.id LEFT JOIN balances AS b ON b.account_id = a.id AND b.asset = 'runik' WHERE p.id = :buyer;
WITH sold AS (UPDATE listings SET status = 'sold', buyer_id = :buyer, closed_at = now() WHERE id = :listing RETURNING gear_id)
UPDATE gears SET owner_id = :buyer, listed = false, equipped = false FROM sold WHERE gears.id = sold.gear_id RETURNING gears.type, gears.rarity, gears.level \gset gear_
INSERT INTO notifications (player_id, kind, source, data, created_at)
 SELECT entry.player_id, entry.kind, 'listing:' || :listing::text, entry.data, now()
   FROM unnest(ARRAY[:listing_seller_id]::bigint[], '{listing-sold}'::text[],
               ARRAY[jsonb_build_object('listingId', :listing::bigint,
                                        'gearName', upper(left(:gear_rarity::text, 1)) || substr(:gear_rarity::text, 2) || ' ' || upper(left(:gear_type::text, 1)) || substr(:gear_type::text, 2) || ' Gear Lv.' || :gear_level::text,
                                        'buyer', :buyer_hive_username::text, 'price', :listing_price::bigint,
                                        'fee', trim_scale(:listing_fee_thousandths::numeric / 1000), 'tax', trim_scale(:tax_share::numeric / 1000),
                                        'received', trim_scale(:seller_share::numeric / 1000))]) AS entry (player_id, kind, data)
 ON CONFLICT (player_id, kind, source) DO NOTHING
 RETURNING id, player_id, kind, data, created_at, read_at;
WITH legs AS (
   SELECT * FROM unnest(ARRAY[:buyer_account, :seller_account]::bigint[], '{runik,runik}'::text[], ARRAY[:price_debit, :seller_share]::bigint[], '{f,f}'::boolean[],
                        array_fill(md5(:client_id::text || '-' || :posting::text)::uuid, ARRAY[2]), '{gear-sale,gear-sale}'::text[],
                        array_fill('listing:' || :listing::text, ARRAY[2]), array_fill(now(), ARRAY[2]))
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
\startpipeline
WITH legs AS (
   SELECT * FROM unnest(ARRAY[:tax_account]::bigint[], '{runik}'::text[], ARRAY[:tax_share]::bigint[], '{f}'::boolean[],
                        array_fill(md5(:client_id::text || '-' || :posting::text)::uuid, ARRAY[1]), '{gear-sale}'::text[], array_fill('listing:' || :listing::text, ARRAY[1]), array_fill(now(), ARRAY[1]))
     WITH ORDINALITY AS leg (account_id, asset, delta, allow_negative, posting_id, reason, reference, created_at, position)
     LIMIT 1),
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
