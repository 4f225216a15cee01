import { MigrationInterface, QueryRunner } from 'typeorm';

/** Players, sessions, paid registrations, cities and the double-entry ledger. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE players (
        id bigserial PRIMARY KEY,
        hive_username varchar(16) NOT NULL UNIQUE,
        referrer varchar(16) NOT NULL,
        activation varchar(8) NOT NULL CHECK (activation IN ('paid', 'free')),
        activated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX players_referrer_idx ON players (referrer, created_at)`);

    await db.query(`
      CREATE TABLE sessions (
        id bigserial PRIMARY KEY,
        token_hash bytea NOT NULL UNIQUE,
        player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX sessions_player_idx ON sessions (player_id)`);

    await db.query(`
      CREATE TABLE registrations (
        id bigserial PRIMARY KEY,
        transaction_id varchar(48) NOT NULL,
        hive_username varchar(16) NOT NULL,
        referrer varchar(16) NOT NULL,
        fee_offered_thousandths bigint NOT NULL,
        fee_required_thousandths bigint NOT NULL,
        status varchar(9) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'invalid')),
        error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (transaction_id, hive_username)
      )`);
    // A chain payment activates one account, once: the guard is the database, not a check in code.
    await db.query(`CREATE UNIQUE INDEX registrations_tx_confirmed_once ON registrations (transaction_id) WHERE status = 'confirmed'`);

    await db.query(`
      CREATE TABLE cities (
        player_id bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
        ch_level integer NOT NULL DEFAULT 1 CHECK (ch_level >= 1),
        building_levels jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL
      )`);

    await db.query(`
      CREATE TABLE ledger_accounts (
        id bigserial PRIMARY KEY,
        code varchar(40) NOT NULL UNIQUE,
        player_id bigint UNIQUE REFERENCES players (id) ON DELETE RESTRICT,
        allow_negative boolean NOT NULL DEFAULT false
      )`);
    await db.query(`
      CREATE TABLE balances (
        account_id bigint NOT NULL REFERENCES ledger_accounts (id),
        asset varchar(16) NOT NULL,
        amount bigint NOT NULL DEFAULT 0,
        allow_negative boolean NOT NULL DEFAULT false,
        PRIMARY KEY (account_id, asset),
        CHECK (amount >= 0 OR allow_negative)
      )`);
    await db.query(`
      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        posting_id uuid NOT NULL,
        account_id bigint NOT NULL REFERENCES ledger_accounts (id),
        asset varchar(16) NOT NULL,
        delta bigint NOT NULL CHECK (delta <> 0),
        balance_after bigint NOT NULL,
        reason varchar(40) NOT NULL,
        reference varchar(120),
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, created_at)`);
    await db.query(`CREATE INDEX ledger_entries_posting_idx ON ledger_entries (posting_id)`);
    // The ledger is append-only.
    await db.query(`
      CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'ledger_entries is append-only'; END $$`);
    await db.query(`
      CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`);

    // System accounts. mint (the game's source of produced goods) and the chain (deposits and
    // withdrawals cross it) may go negative; every posting balances to zero per asset.
    await db.query(`
      INSERT INTO ledger_accounts (code, allow_negative) VALUES
        ('system:mint', true), ('system:burn', false), ('system:tax', false),
        ('system:fees', false), ('system:treasury', false), ('external:hive-engine', true)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['ledger_entries', 'balances', 'ledger_accounts', 'cities', 'registrations', 'sessions', 'players']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await db.query(`DROP FUNCTION IF EXISTS ledger_entries_append_only`);
  }
}
