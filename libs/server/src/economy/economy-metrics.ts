import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { fromThousandths } from '@runik/rules';
import { MetricsService } from '../metrics/metrics.service';
import { TreasuryService } from '../wallet/treasury.service';
import { coverage, EconomyService, Holdings, owed } from './economy.service';

/** A scrape does not wait longer than this for Hive Engine (its client retries on every node, up to CHAIN_TIMEOUT_MS each). */
const CHAIN_READ_LIMIT_MS = 3000;

/** What one scrape read: null where its source could not be read. */
interface Reading {
  holdings: Holdings | null;
  treasury: number | null;
}

/**
 * `runik_economy_liability_runik`, `runik_economy_treasury_rnk` and `runik_economy_coverage`, read
 * at scrape time (the gauges' `collect`), like the ledger totals. The three gauges of one scrape share
 * one reading (prom-client collects every metric at once); a source out of reach leaves its series out
 * of that scrape, never fails it, and coverage is left out too while nothing is owed.
 */
@Injectable()
export class EconomyMetrics {
  private readonly logger = new Logger(EconomyMetrics.name);
  private reading: Promise<Reading> | null = null;

  constructor(metrics: MetricsService, economy: EconomyService, treasury: TreasuryService) {
    const registers = [metrics.registry];
    const read = () => this.read(economy, treasury);
    const gauge = (name: string, help: string, value: (reading: Reading) => number | null) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const current = value(await read());
          if (current === null) this.remove();
          else this.set(current);
        },
      });
    gauge('runik_economy_liability_runik', 'RUNIK held by players who may withdraw it (paid activation).', ({ holdings }) =>
      holdings === null ? null : fromThousandths(holdings.paid),
    );
    gauge('runik_economy_treasury_rnk', 'RNK the game account holds on Hive Engine.', ({ treasury }) => (treasury === null ? null : fromThousandths(treasury)));
    gauge('runik_economy_coverage', "The game account's RNK divided by the RUNIK players may withdraw or are being sent.", ({ holdings, treasury }) =>
      holdings === null || treasury === null ? null : coverage(treasury, owed(holdings)),
    );
  }

  /** The reading in progress, or a new one: the gauges of one scrape ask for it at the same moment. */
  private read(economy: EconomyService, treasury: TreasuryService): Promise<Reading> {
    this.reading ??= Promise.all([
      this.safely('economy holdings', () => economy.currentHoldings()),
      this.safely('treasury RNK', () => withLimit(treasury.gameAccountRnk(), CHAIN_READ_LIMIT_MS)),
    ])
      .then(([holdings, treasury]) => ({ holdings, treasury }))
      .finally(() => (this.reading = null));
    return this.reading;
  }

  private async safely<T>(what: string, read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      this.logger.warn(`metrics: cannot collect ${what}: ${(error as Error).message}`);
      return null;
    }
  }
}

function withLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
