import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { sql } from 'kysely';
import { LATE_ACTIVATION_FEE_USD, REGISTRATION_FEE_USD, REGISTRATION_QUOTE_LIFETIME_MS, registrationFeeThousandths } from '@runik/rules';
import { HiveNodeClient } from '../chain/hive-node.client';
import { ErrorMessages } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { db, firstRow, rows } from '../core/database/sql';
import { ApiError } from '../core/errors/api-error';

/** A new account's fee, or a free account's later activation (50% more). */
export type RegistrationFeeKind = 'registration' | 'late-activation';

const FEE_USD: Record<RegistrationFeeKind, number> = { registration: REGISTRATION_FEE_USD, 'late-activation': LATE_ACTIVATION_FEE_USD };

/**
 * Registration fees in HIVE thousandths. Every fee shown to a player is stored as a quote payable for
 * REGISTRATION_QUOTE_LIFETIME_MS, and a payment owes the lowest fee quoted when its block was made.
 */
@Injectable()
export class RegistrationFees {
  private readonly logger = new Logger(RegistrationFees.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hiveNode: HiveNodeClient,
    private readonly clock: Clock,
  ) {}

  /** The fee at the node's price feed now, stored as a quote; 503 while no node answers. */
  async quote(kind: RegistrationFeeKind): Promise<number> {
    const price = await this.hiveNode.getMedianPrice().catch((error: Error) => {
      this.logger.warn(`Price feed unavailable: ${error.message}`);
      throw ApiError.unavailable(ErrorMessages.chainUnavailable);
    });
    const fee = registrationFeeThousandths(FEE_USD[kind], price.baseHbdThousandths, price.quoteHiveThousandths);
    const now = this.clock.nowMs();
    await rows(
      this.dataSource.manager,
      db
        .insertInto('registration_fee_quotes')
        .values({
          kind,
          fee_thousandths: fee,
          quoted_from: sql<Date>`date_trunc('minute', ${new Date(now)}::timestamptz)`,
          expires_at: new Date(now + REGISTRATION_QUOTE_LIFETIME_MS),
        })
        .onConflict((conflict) =>
          conflict
            .columns(['kind', 'fee_thousandths', 'quoted_from'])
            .doUpdateSet((eb) => ({ expires_at: eb.fn<Date>('greatest', ['registration_fee_quotes.expires_at', 'excluded.expires_at']) })),
        ),
    );
    return fee;
  }

  /** What a payment made at `paidAt` owes: the lowest fee quoted then, or the fee now when none was (nobody asked). */
  async owedAt(manager: EntityManager, kind: RegistrationFeeKind, paidAt: Date): Promise<number> {
    const quoted = await firstRow(
      manager,
      db
        .selectFrom('registration_fee_quotes')
        .select((eb) => eb.fn.min<number | null>('fee_thousandths').as('fee'))
        .where('kind', '=', kind)
        .where('quoted_from', '<=', paidAt)
        .where('expires_at', '>', paidAt),
    );
    // An aggregate answers one row, its minimum null when nothing was quoted.
    return quoted?.fee ?? this.quote(kind);
  }
}
