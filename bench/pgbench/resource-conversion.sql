-- POST /api/city/convert/{username} (resources to RUNIK: one resource, a fixed amount) as the api
-- runs it (CityTransactions.run, ConversionService.convertToRunik, LedgerService.post), statement by
-- statement as PostgreSQL logs them (bench/capture-sql.ts), with the same locks: the city row
-- FOR UPDATE, then the balance rows in the ledger's order (the player's by asset, then the system
-- accounts by id: mint, burn, tax). Each balance change and its ledger entry are one statement, as
-- the ledger sends them.
--
-- Variables from bench/money.ts (pgbench -D): player_first/player_last (the players),
-- account_offset (a player's ledger account id less its id, the same for every player of the game:
-- the api has the ids in memory, as it has the system accounts'), mint_account, burn_account,
-- tax_account, amount and amount_debit (the wheat converted, thousandths, and its negative),
-- gained, tax, gross_debit (RUNIK thousandths from the rules: to the player, to the tax account,
-- from the mint). Constant strings are literals here where the api sends them as parameters, the
-- posting id and the time are made by PostgreSQL; `ANY (ARRAY[:player])` stands for the api's
-- `ANY($1)` with '{id}'.
\set player random(:player_first, :player_last)
\set account :player + :account_offset
\set posting random(1, 9007199254740991)
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
WITH changed AS (INSERT INTO balances (account_id, asset, amount, allow_negative) VALUES (:account, 'runik', :gained, false)
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :account, 'runik', :gained, amount, 'convert-to-runik', 'player:' || :player::text, now() FROM changed RETURNING id;
WITH changed AS (UPDATE balances SET amount = amount + :amount_debit WHERE account_id = :account AND asset = 'wheat' AND amount + :amount_debit >= 0 RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :account, 'wheat', :amount_debit, amount, 'convert-to-runik', 'player:' || :player::text, now() FROM changed RETURNING id \gset
WITH changed AS (INSERT INTO balances (account_id, asset, amount, allow_negative) VALUES (:mint_account, 'runik', :gross_debit, true)
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :mint_account, 'runik', :gross_debit, amount, 'convert-to-runik', 'player:' || :player::text, now() FROM changed RETURNING id;
WITH changed AS (INSERT INTO balances (account_id, asset, amount, allow_negative) VALUES (:burn_account, 'wheat', :amount, false)
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :burn_account, 'wheat', :amount, amount, 'convert-to-runik', 'player:' || :player::text, now() FROM changed RETURNING id;
WITH changed AS (INSERT INTO balances (account_id, asset, amount, allow_negative) VALUES (:tax_account, 'runik', :tax, false)
   ON CONFLICT (account_id, asset) DO UPDATE SET amount = balances.amount + EXCLUDED.amount RETURNING amount)
 INSERT INTO ledger_entries (posting_id, account_id, asset, delta, balance_after, reason, reference, created_at)
 SELECT md5(:client_id::text || '-' || :posting::text)::uuid, :tax_account, 'runik', :tax, amount, 'convert-to-runik', 'player:' || :player::text, now() FROM changed RETURNING id;
SELECT b.asset, b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = :player;
COMMIT;
