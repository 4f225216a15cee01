import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { fromThousandths, owedOf } from '@runik/rules';
import { MetricsService } from '../metrics/metrics.service';
import { CHAIN_READ_LIMIT_MS, readOrNull, withLimit } from '../metrics/scrape-reads';
import { TreasuryService } from '../wallet/treasury.service';
import { coverage, EconomyService, Holdings } from './economy.service';

/** What one scrape read: null where its source could not be read. */
interface Reading {
  holdings: Holdings | null;
  treasury: number | null;
}

/**
 * The economy's gauges, read at scrape time (the gauges' `collect`), like the ledger totals:
 * - `runik_economy_liability_runik`: what paid players may withdraw (their balances less their locked RUNIK);
 * - `runik_economy_owed_runik`: all that can be asked of the treasury in one step (liabilities.ts `owedOf`:
 *   withdrawable, contingent, queued and let-go withdrawals), and `runik_economy_coverage` = treasury / owed,
 *   the figure the coverage alerts of docker/prometheus/rules.yml watch;
 * - its parts `runik_economy_contingent_runik`, `runik_economy_queued_runik` (the withdrawal line's RUNIK; the
 *   line's length is on the economy page), and `runik_economy_locked_runik`, which is owed to nobody in RNK;
 * - `runik_economy_treasury_rnk`.
 * The gauges of one scrape share one reading (prom-client collects every metric at once); a source out of
 * reach leaves its series out of that scrape, never fails it, and coverage is left out too while nothing is owed.
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
    const held =
      (amount: (holdings: Holdings) => number) =>
      ({ holdings }: Reading) =>
        holdings === null ? null : fromThousandths(amount(holdings));
    gauge(
      'runik_economy_liability_runik',
      'RUNIK paid players may withdraw: their balances less their locked RUNIK.',
      held((holdings) => holdings.withdrawable),
    );
    gauge(
      'runik_economy_owed_runik',
      'All the RUNIK that can be asked of the treasury in one step: withdrawable, contingent, queued and let-go withdrawals.',
      held(owedOf),
    );
    gauge(
      'runik_economy_contingent_runik',
      "The part of free players' RUNIK activations could make withdrawable at once.",
      held((holdings) => holdings.contingent),
    );
    gauge(
      'runik_economy_locked_runik',
      "Paid players' RUNIK for use in the game only, never withdrawn.",
      held((holdings) => holdings.locked),
    );
    gauge(
      'runik_economy_queued_runik',
      'RUNIK of the withdrawals waiting in line (below the coverage floor or over a cap).',
      held((holdings) => holdings.queued),
    );
    gauge('runik_economy_treasury_rnk', 'RNK the game account holds on Hive Engine.', ({ treasury }) =>
      treasury === null ? null : fromThousandths(treasury),
    );
    gauge(
      'runik_economy_coverage',
      "The game account's RNK divided by all the RUNIK that can be asked of it in one step (runik_economy_owed_runik).",
      ({ holdings, treasury }) => (holdings === null || treasury === null ? null : coverage(treasury, owedOf(holdings))),
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

  private safely<T>(what: string, read: () => Promise<T>): Promise<T | null> {
    return readOrNull(this.logger, what, read);
  }
}
