import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registration fees quoted to players, each payable until it expires: a payment is checked
 * against the fees quoted when its block was made, not the price when the worker looks at it.
 * One row per fee and minute it was first quoted in, so the table grows with price moves, not requests.
 */
export class RegistrationFeeQuotes1764900000000 implements MigrationInterface {
  name = 'RegistrationFeeQuotes1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE registration_fee_quotes (
        kind varchar(16) NOT NULL CHECK (kind IN ('registration', 'late-activation')),
        fee_thousandths bigint NOT NULL CHECK (fee_thousandths > 0),
        quoted_from timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (kind, fee_thousandths, quoted_from)
      )`);
    await db.query(`CREATE INDEX registration_fee_quotes_expiry_idx ON registration_fee_quotes (kind, expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE registration_fee_quotes`);
  }
}
