import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatDecimal, parseDecimal, RNK_DECIMALS, RNK_SYMBOL } from '@runik/rules';
import { sql } from 'kysely';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { db, rows } from '../core/database/sql';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';

export interface TreasuryReport {
  gameAccount: string;
  /** RNK the game account holds on Hive Engine, or null when the node did not answer. */
  gameAccountRnk: string | null;
  /** RUNIK of withdrawals debited but not yet sent or confirmed (those waiting in line included). */
  withdrawalsInFlight: string;
  covered: boolean | null;
}

/** What the game account holds against what the withdrawals under way will take from it. */
@Injectable()
export class TreasuryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
  ) {}

  async report(): Promise<TreasuryReport> {
    // A bigint sum is numeric to PostgreSQL (a string to pg): cast back to bigint, which pg reads as a number.
    const [{ inFlight }] = await rows(
      this.dataSource.manager,
      db
        .selectFrom('withdrawals')
        .select(sql<number>`coalesce(sum(amount_thousandths), 0)::bigint`.as('inFlight'))
        .where('status', 'in', ['queued', 'pending', 'sent']),
    );
    const held = await this.gameAccountRnk().catch(() => null);
    return {
      gameAccount: this.config.GAME_ACCOUNT,
      gameAccountRnk: held === null ? null : formatDecimal(held, RNK_DECIMALS),
      withdrawalsInFlight: formatDecimal(inFlight, RNK_DECIMALS),
      covered: held === null ? null : held >= inFlight,
    };
  }

  /** RNK the game account holds on Hive Engine, in thousandths (RNK has 3 decimals); rejects when no node answers. */
  async gameAccountRnk(): Promise<number> {
    const balance = await this.hiveEngine.tokenBalance(this.config.GAME_ACCOUNT, RNK_SYMBOL);
    const held = parseDecimal(balance?.balance ?? '0', RNK_DECIMALS);
    if (held === null) throw new Error(`Hive Engine sent an unreadable ${RNK_SYMBOL} balance: ${balance?.balance}`);
    return held;
  }
}
