-- POST /api/p2p/buy as the api runs it (TradingService.buy with LedgerService.post), statement by
-- statement as PostgreSQL logs them (bench/capture-sql.ts), with the same locks: the buyer's player
-- row FOR NO KEY UPDATE, the listing FOR UPDATE, then the balance rows in the ledger's order
-- (players' accounts by id, the buyer's before every seller's in this game, then the tax account).
-- Each balance change and its ledger entry are one statement, as the ledger sends them.
--
-- Variables from bench/money.ts (pgbench -D): buyer_first/buyer_last (the paid buyers),
-- listing_first/listing_last (listings seeded for pgbench), account_offset (a player's ledger
-- account id less its id, the same for every player of the game: the api has the ids in memory,
-- as it has tax_account's), price_debit (the price in thousandths, negative), seller_share, tax_share.
-- A listing may be drawn again: it is then sold again by the same statements (the api would
-- refuse it after the listing lock; pgbench has no such branch). Constant strings are literals
-- here where the api sends them as parameters, the posting id and the time are made by PostgreSQL.
\set buyer random(:buyer_first, :buyer_last)
\set buyer_account :buyer + :account_offset
\set listing random(:listing_first, :listing_last)
\set posting random(1, 9007199254740991)
BEGIN;
SELECT activation FROM players WHERE id = :buyer FOR NO KEY UPDATE;
SELECT * FROM listings WHERE id = :listing FOR UPDATE \gset listing_
\set seller_account :listing_seller_id + :account_offset
SELECT b.asset, b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = :buyer;
WITH changed AS (UPDATE balances SET amount = amount + :price_debit WHERE account_id = :buyer_account AND asset = 'runik' AND amount + :price_debit >= 0 RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :buyer_account, 'runik', :price_debit, amount, 'gear-sale', 'listing:' || :listing::text, now() FROM changed RETURNING id \gset
WITH changed AS (INSERT INTO balances (account_id, asset, amount, allow_negative) VALUES (:seller_account, 'runik', :seller_share, false)
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :seller_account, 'runik', :seller_share, amount, 'gear-sale', 'listing:' || :listing::text, now() FROM changed RETURNING id;
WITH changed AS (INSERT INTO balances (account_id, asset, amount, allow_negative) VALUES (:tax_account, 'runik', :tax_share, false)
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :tax_account, 'runik', :tax_share, amount, 'gear-sale', 'listing:' || :listing::text, now() FROM changed RETURNING id;
UPDATE listings SET status = 'sold', buyer_id = :buyer, closed_at = now() WHERE id = :listing;
UPDATE gears SET owner_id = :buyer, listed = false, equipped = false WHERE id = :listing_gear_id;
COMMIT;
