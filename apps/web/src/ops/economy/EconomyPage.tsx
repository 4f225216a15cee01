import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import axios from 'axios';
import { ApiRoutes, ECONOMY_DEFAULT_DAYS, LEDGER_REASON_KINDS, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import type { EconomyResponse, FreeAccountsReport, LedgerReasonKind } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { apiErrorMessage } from '../../api/http-client';
import { DepositsWithdrawalsChart, EmissionChart, FeesTaxChart, LiabilityChart, MintedBurnedChart } from './EconomyCharts';
import {
  amountLeft,
  coverageLevel,
  DAY_CHOICES,
  emissionDaysOldestFirst,
  formatAmount,
  formatCap,
  formatCoverage,
  formatSwapHive,
  liabilitySeries,
  oldestFirst,
} from './economy-series';
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
  const today = report.emissionToday;
  const rails = report.guardRails;
  return (
    <>
      <section aria-label="Balance sheet">
        <dl className="economy-figures">
          <Figure
            id="liability"
            label="Liability: RUNIK paid players could withdraw (less their locked RUNIK)"
            value={formatAmount(report.liabilityRunik)}
          />
          <Figure
            id="withdrawing"
            label="Being withdrawn: debited, not yet confirmed on chain"
            value={formatAmount(report.withdrawingRunik)}
          />
          <Figure
            id="contingent"
            label="Contingent: free players' RUNIK activations could make withdrawable at once"
            value={formatAmount(report.contingentRunik)}
          />
          <Figure
            id="owed"
            label="Owed: all that can be asked in one step (liability + being withdrawn + contingent)"
            value={formatAmount(report.owedRunik)}
          />
          <Figure id="treasury" label="Treasury: the game account's RNK" value={formatAmount(report.treasuryRnk)} />
          <Figure
            id="coverage"
            label="Coverage: treasury / owed"
            value={formatCoverage(report.coverage)}
            className={`economy-coverage-${level}`}
            note={level === 'short' ? 'Under 1: the treasury cannot pay all that could be asked of it at once.' : undefined}
          />
          <Figure
            id="locked"
            label="Locked: paid players' RUNIK for use in the game only (never withdrawn)"
            value={formatAmount(report.lockedRunik)}
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

      {/* SWAP.HIVE backs no RUNIK until the operator buys RNK with it: shown apart from the treasury. */}
      <FigureGroup title="SWAP.HIVE (backs no RUNIK until swapped for RNK)">
        <Figure
          id="swap-hive-received"
          label="Received: registrations, packs, shop (all time)"
          value={formatSwapHive(report.swapHiveReceived)}
        />
        <Figure id="swap-hive-sent-out" label="Sent out by the operator (all time)" value={formatSwapHive(report.swapHiveSentOut)} />
        <Figure id="swap-hive-held" label="Held by the game account" value={formatSwapHive(report.swapHiveHeld)} />
      </FigureGroup>

      <FigureGroup title={`Emission budget today (game day ${today.day})`}>
        <Figure
          id="emission-budget"
          label="Budget (RUNIK)"
          value={formatAmount(today.budget)}
          note={today.sizedFromTreasury ? 'Sized from the treasury.' : 'The configured minimum: not sized from the treasury yet.'}
        />
        <Figure id="emission-used" label="Used: conversions, rewards, activations" value={formatAmount(today.used)} />
        <Figure id="emission-left" label="Left today" value={formatAmount(amountLeft(today.budget, today.used))} />
      </FigureGroup>

      <FreeAccounts free={report.freeAccounts} day={today.day} />

      <FigureGroup title="Withdrawal guard rails">
        <Figure
          id="game-cap"
          label="Game cap: let go to the chain today / cap (RUNIK)"
          value={`${formatAmount(rails.gameUsedToday)} / ${formatCap(rails.gameCap)}`}
        />
        <Figure id="account-cap" label="Account cap a day (RUNIK)" value={formatCap(rails.accountCap)} />
        <Figure
          id="coverage-floor"
          label="Coverage floor"
          value={rails.coverageFloor === null ? 'off' : formatCoverage(rails.coverageFloor)}
        />
        <Figure
          id="queue"
          label="Withdrawals waiting in line"
          value={formatCount(rails.queueLength)}
          note={`${formatAmount(rails.queuedRunik)} RUNIK queued`}
        />
      </FigureGroup>

      <ChartSection title="Owed, treasury and coverage per game day (at sizing, then now)">
        <LiabilityChart series={liabilitySeries(report)} coverageFloor={rails.coverageFloor} />
      </ChartSection>
      <ChartSection title="Emission budget and its use per game day">
        <EmissionChart days={emissionDaysOldestFirst(report)} />
      </ChartSection>
      <ChartSection title="Minted and burned, by reason; resource purchases apart">
        <MintedBurnedChart days={days} />
      </ChartSection>
      <ChartSection title="Deposits and withdrawals">
        <DepositsWithdrawalsChart days={days} />
      </ChartSection>
      <ChartSection title="Fees and tax">
        <FeesTaxChart days={days} />
      </ChartSection>

      <div className="economy-table-scroll">
        <table className="economy-table economy-days" data-testid="economy-days-table">
          <caption>Per UTC day (RUNIK), newest first</caption>
          <thead>
            <tr>
              {['date', 'minted', 'burned', 'resource purchases', 'fees', 'tax', 'deposits', 'withdrawals'].map((column) => (
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
                {[day.minted, day.burned, day.resourcePurchases, day.fees, day.tax, day.deposits, day.withdrawals].map((amount, column) => (
                  <td key={column}>{formatAmount(amount)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** What a kind of credit to a free account does to what the game owes. */
const FREE_CREDIT_KINDS: Record<LedgerReasonKind, string> = {
  'backed-mint': 'Backed: RNK deposits',
  transfer: 'Transferred: paid by other players',
  'game-only-mint': 'Game-only mints: conversions, rewards (add nothing)',
  'budgeted-mint': 'Budgeted mints (none expected)',
  burn: 'Burn',
  resources: 'Resources',
};

/**
 * The free accounts' part (issue 44, item 7): what they added to what is owed today (deposits and RUNIK paid to them:
 * backed or transferred; their mints are game-only and add nothing), what stays game-only, and what activations could
 * release against today's releases slice.
 */
function FreeAccounts({ free, day }: { free: FreeAccountsReport; day: string }) {
  const kinds = LEDGER_REASON_KINDS.filter((kind) => free.creditedTodayByKind[kind] !== undefined);
  return (
    <section className="economy-group" aria-label="Free accounts">
      <h2>{`Free accounts (game day ${day})`}</h2>
      <dl className="economy-figures">
        <Figure id="free-accounts" label="Free accounts" value={formatCount(free.accounts)} />
        <Figure
          id="free-added"
          label="Added to what is owed today: deposits and RUNIK other players paid them (backed or transferred)"
          value={formatAmount(free.addedToOwedToday)}
        />
        <Figure
          id="free-game-only"
          label="Game-only: minted while free, owed to no one until an activation releases it"
          value={formatAmount(free.gameOnlyRunik)}
        />
        <Figure
          id="free-releasable"
          label="Activations could release: up to 300 RUNIK of each one's game-only RUNIK, plus what waits"
          value={formatAmount(free.releasableRunik)}
          note={`${formatAmount(free.waitingRunik)} RUNIK waiting from earlier activations`}
        />
        <Figure
          id="free-release-bound"
          label="Bound: today's releases slice, released / slice (RUNIK)"
          value={`${formatAmount(free.releasedToday)} / ${formatAmount(free.releasesSliceToday)}`}
          note="What the slice cannot give today waits for the next days, oldest activation first."
        />
      </dl>
      <table className="economy-table" data-testid="economy-free-credits">
        <caption>Credited to free accounts today, by kind (RUNIK)</caption>
        <tbody>
          {kinds.length === 0 ? (
            <tr>
              <td colSpan={2}>Nothing yet today.</td>
            </tr>
          ) : (
            kinds.map((kind) => (
              <tr key={kind} data-testid="economy-free-credit" data-kind={kind}>
                <th scope="row">{FREE_CREDIT_KINDS[kind]}</th>
                <td>{formatAmount(free.creditedTodayByKind[kind] ?? 0)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
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

function FigureGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="economy-group">
      <h2>{title}</h2>
      <dl className="economy-figures">{children}</dl>
    </section>
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
