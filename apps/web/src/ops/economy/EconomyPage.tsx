import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import axios from 'axios';
import { ApiRoutes, ECONOMY_DEFAULT_DAYS, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import type { EconomyResponse } from '@runik/contract';
import { apiErrorMessage } from '../../api/http-client';
import { DepositsWithdrawalsChart, FeesTaxChart, MintedBurnedChart } from './EconomyCharts';
import { coverageLevel, DAY_CHOICES, formatAmount, formatCoverage, oldestFirst } from './economy-series';
import './economy.css';

/**
 * A bare client: the browser sends the operators' basic-auth credentials it was given for this page
 * (the same realm as /api/admin/economy); the game's client would add the player's session instead.
 */
const opsClient = axios.create({ baseURL: '' });

/** How often the open page reads the report again. */
const REFRESH_MS = 60_000;

/** GET /api/admin/economy as the operators' page at /admin/economy: the balance sheet and each day's flows, charted. */
export function EconomyPage() {
  const [days, setDays] = useState<number>(ECONOMY_DEFAULT_DAYS);
  const report = useQuery({
    queryKey: ['economy', days],
    queryFn: async () => (await opsClient.get<EconomyResponse>(ApiRoutes.adminEconomy, { params: { days } })).data,
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });

  return (
    <main className="economy">
      <header className="economy-header">
        <h1>Economy</h1>
        <label>
          Days{' '}
          <select value={days} onChange={(event) => setDays(Number(event.target.value))} data-testid="economy-days">
            {DAY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </label>
      </header>
      {report.isError && (
        <p role="alert" className="economy-error">
          {apiErrorMessage(report.error)}
        </p>
      )}
      {report.isPending && <p>Loading the report…</p>}
      {report.data && <Report report={report.data} />}
    </main>
  );
}

function Report({ report }: { report: EconomyResponse }) {
  const days = oldestFirst(report.days);
  const level = coverageLevel(report.coverage);
  return (
    <>
      <section aria-label="Balance sheet">
        <dl className="economy-figures">
          <Figure id="liability" label="Liability: RUNIK paid players could withdraw" value={formatAmount(report.liabilityRunik)} />
          <Figure id="withdrawing" label="Being withdrawn: debited, not yet confirmed on chain" value={formatAmount(report.withdrawingRunik)} />
          <Figure id="treasury" label="Treasury: the game account's RNK" value={formatAmount(report.treasuryRnk)} />
          <Figure
            id="coverage"
            label="Coverage: treasury / (liability + being withdrawn)"
            value={formatCoverage(report.coverage)}
            className={`economy-coverage-${level}`}
            note={level === 'short' ? 'Under 1: the treasury cannot pay out every paid player.' : undefined}
          />
          <Figure id="free" label="Free players' RUNIK (not withdrawable)" value={formatAmount(report.freeRunik)} />
        </dl>
        <table className="economy-table" data-testid="economy-system-accounts">
          <caption>System accounts (RUNIK)</caption>
          <tbody>
            {SYSTEM_ACCOUNT_CODES.map((code) => (
              <tr key={code} data-testid="economy-system-account">
                <th scope="row">{code}</th>
                <td>{formatAmount(report.systemRunik[code])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <ChartSection title="Minted and burned, by reason">
        <MintedBurnedChart days={days} />
      </ChartSection>
      <ChartSection title="Deposits and withdrawals">
        <DepositsWithdrawalsChart days={days} />
      </ChartSection>
      <ChartSection title="Fees and tax">
        <FeesTaxChart days={days} />
      </ChartSection>

      <table className="economy-table economy-days" data-testid="economy-days-table">
        <caption>Per UTC day (RUNIK), newest first</caption>
        <thead>
          <tr>
            {['date', 'minted', 'burned', 'fees', 'tax', 'deposits', 'withdrawals'].map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.days.map((day) => (
            <tr key={day.date} data-testid="economy-day">
              <th scope="row">{day.date}</th>
              {[day.minted, day.burned, day.fees, day.tax, day.deposits, day.withdrawals].map((amount, column) => (
                <td key={column}>{formatAmount(amount)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Figure(props: { id: string; label: string; value: string; className?: string; note?: string }) {
  return (
    <div className={`economy-figure ${props.className ?? ''}`} data-testid={`economy-${props.id}`}>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
      {props.note && <dd className="economy-note">{props.note}</dd>}
    </div>
  );
}

function ChartSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="economy-chart-section">
      <h2>{title}</h2>
      <div className="economy-chart">{children}</div>
    </section>
  );
}
