import { useSyncExternalStore } from 'react';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { ledgerReasonLabel } from '@runik/contract';
import type { EconomyDay, EmissionDayReport } from '@runik/contract';
import { formatAmount, formatCoverage, seriesByReason, type LiabilitySeries } from './economy-series';

/**
 * Where Chart.js laid out the plot and the legend (CSS pixels, "left top right bottom"), kept on the
 * canvas: the browser test checks on a phone that the legend never covers the plot.
 */
const layoutMarks: Plugin = {
  id: 'layoutMarks',
  afterLayout(chart) {
    const box = ({ left, top, right, bottom }: { left: number; top: number; right: number; bottom: number }) =>
      [left, top, right, bottom].map((edge) => Math.round(edge)).join(' ');
    chart.canvas.dataset.plot = box(chart.chartArea);
    if (chart.legend) chart.canvas.dataset.legend = box(chart.legend);
  },
};

// Only the parts these charts draw, so the bundle carries no other chart type.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend, layoutMarks);
ChartJS.defaults.color = '#b1a28c';
ChartJS.defaults.borderColor = 'rgb(177 162 140 / 20%)';

/** Greens for what the game creates, reds for what it destroys, one shade per reason. */
const MINT_COLOURS = ['#8cc47f', '#5fa35a', '#b8e0a0', '#3f7d45', '#d3f0b8', '#2c5e33'];
const BURN_COLOURS = ['#e87a62', '#c44d3a', '#f4a98f', '#9a3426', '#ffc9b4', '#6e2219'];
/** Resource purchases come back as RUNIK when the resources are converted again: gold, neither created nor gone. */
const RESOURCE_PURCHASE_COLOUR = '#d4a64a';
const OWED_COLOUR = '#e87a62';
const TREASURY_COLOUR = '#8cc47f';
const COVERAGE_COLOUR = '#d4a64a';
const BUDGET_COLOUR = '#7fb0c4';
const USED_COLOUR = '#d4a64a';

/** The width (economy.css's phone layout) under which a legend goes under its plot, in small type. */
const PHONE_QUERY = '(max-width: 40rem)';

function subscribeToPhone(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

/** Whether the page is as narrow as a phone; follows the window as it turns. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribeToPhone, isPhone, () => false);
}

/**
 * On a phone the legend (up to a dozen reasons) goes under the plot in small type: on top it would
 * push the plot down to a sliver. Chart.js lays the legend beside the plot, never over it.
 */
function legend(phone: boolean) {
  return phone
    ? { position: 'bottom' as const, labels: { boxWidth: 10, boxHeight: 10, padding: 6, font: { size: 10 } } }
    : { position: 'top' as const };
}

const amountAxis = (phone: boolean, stacked = false) => ({ stacked, beginAtZero: true, title: { display: !phone, text: 'RUNIK' } });

function barOptions(phone: boolean, stacked: boolean): ChartOptions<'bar'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: legend(phone) },
    scales: { x: { stacked }, y: amountAxis(phone, stacked) },
  };
}

function lineOptions(phone: boolean): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: legend(phone) },
    scales: { y: amountAxis(phone) },
  };
}

/** RUNIK and RNK on the left, coverage (a ratio) on the right. */
function liabilityOptions(phone: boolean): ChartOptions<'line'> {
  const options = lineOptions(phone);
  return {
    ...options,
    spanGaps: false,
    scales: {
      y: { beginAtZero: true, title: { display: !phone, text: 'RUNIK / RNK' } },
      coverage: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: !phone, text: 'coverage' } },
    },
  };
}

/** What every chart here draws: one label a day, series of amounts (null where a day has none). */
interface ChartFigures {
  labels: string[];
  datasets: { label: string; data: (number | null)[] }[];
}

/** A chart's figures as a table inside its canvas, for screen readers (and the browser test). */
function FiguresTable({
  figures,
  format = () => formatAmount,
}: {
  figures: ChartFigures;
  format?: (series: string) => (value: number) => string;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">series</th>
          {figures.labels.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.datasets.map((dataset) => (
          <tr key={dataset.label} data-series={dataset.label}>
            <th scope="row">{dataset.label}</th>
            {dataset.data.map((value, day) => (
              <td key={figures.labels[day]}>{value === null ? '–' : format(dataset.label)(value)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One bar chart of figures per day, with the figures as a table for whoever cannot see it. */
function DailyBars({ data, stacked, phone, label }: { data: ChartFigures; stacked: boolean; phone: boolean; label: string }) {
  return (
    <Bar data={data} options={barOptions(phone, stacked)} fallbackContent={<FiguresTable figures={data} />} aria-label={label} role="img" />
  );
}

interface ChartsProps {
  /** Oldest first. */
  days: EconomyDay[];
}

/**
 * RUNIK the game created (by reason) beside RUNIK spent and gone (by reason), a pair of stacked bars
 * a day; resource purchases a third bar, as they are no sink (the RUNIK comes back on converting).
 */
export function MintedBurnedChart({ days }: ChartsProps) {
  const phone = usePhone();
  const minted = seriesByReason(days, (day) => day.mintedByReason);
  const burned = seriesByReason(days, (day) => day.burnedByReason);
  const purchases = days.map((day) => day.resourcePurchases);
  const data = {
    labels: days.map((day) => day.date),
    datasets: [
      ...minted.map(({ reason, amounts }, index) => ({
        label: `minted: ${ledgerReasonLabel(reason)}`,
        data: amounts,
        stack: 'minted',
        backgroundColor: MINT_COLOURS[index % MINT_COLOURS.length],
      })),
      ...burned.map(({ reason, amounts }, index) => ({
        label: `burned: ${ledgerReasonLabel(reason)}`,
        data: amounts,
        stack: 'burned',
        backgroundColor: BURN_COLOURS[index % BURN_COLOURS.length],
      })),
      // Like a reason, only on a chart whose days have some.
      ...(purchases.some((amount) => amount > 0)
        ? [{ label: 'resource purchases', data: purchases, stack: 'resource purchases', backgroundColor: RESOURCE_PURCHASE_COLOUR }]
        : []),
    ],
  };
  return <DailyBars data={data} stacked={true} phone={phone} label="RUNIK minted and burned per day, by reason" />;
}

export function DepositsWithdrawalsChart({ days }: ChartsProps) {
  const phone = usePhone();
  const data = {
    labels: days.map((day) => day.date),
    datasets: [
      { label: 'deposits', data: days.map((day) => day.deposits), backgroundColor: '#8cc47f' },
      { label: 'withdrawals', data: days.map((day) => day.withdrawals), backgroundColor: '#e87a62' },
    ],
  };
  return <DailyBars data={data} stacked={false} phone={phone} label="RUNIK deposited and withdrawn per day" />;
}

export function FeesTaxChart({ days }: ChartsProps) {
  const phone = usePhone();
  const data = {
    labels: days.map((day) => day.date),
    datasets: [
      { label: 'fees', data: days.map((day) => day.fees), borderColor: '#d4a64a', backgroundColor: '#d4a64a' },
      { label: 'tax', data: days.map((day) => day.tax), borderColor: '#7fb0c4', backgroundColor: '#7fb0c4' },
    ],
  };
  return (
    <Line
      data={data}
      options={lineOptions(phone)}
      fallbackContent={<FiguresTable figures={data} />}
      aria-label="RUNIK taken as fees and tax per day"
      role="img"
    />
  );
}

/**
 * All that is owed in one step against the treasury's RNK, each game day when its budget was sized and
 * now, with the coverage (and the withdrawals' coverage floor, when set) on the right-hand axis.
 */
export function LiabilityChart({ series, coverageFloor }: { series: LiabilitySeries; coverageFloor: number | null }) {
  const phone = usePhone();
  const data = {
    labels: series.labels,
    datasets: [
      { label: 'owed', data: series.owed, yAxisID: 'y', borderColor: OWED_COLOUR, backgroundColor: OWED_COLOUR },
      { label: 'treasury RNK', data: series.treasury, yAxisID: 'y', borderColor: TREASURY_COLOUR, backgroundColor: TREASURY_COLOUR },
      {
        label: 'coverage',
        data: series.coverage,
        yAxisID: 'coverage',
        borderColor: COVERAGE_COLOUR,
        backgroundColor: COVERAGE_COLOUR,
        borderDash: [6, 3],
      },
      ...(coverageFloor === null
        ? []
        : [
            {
              label: 'coverage floor',
              data: series.labels.map(() => coverageFloor),
              yAxisID: 'coverage',
              borderColor: '#b1a28c',
              backgroundColor: '#b1a28c',
              borderDash: [2, 4],
              pointRadius: 0,
            },
          ]),
    ],
  };
  // Coverage is a ratio: shown as the figure above it is; the rest are amounts.
  const format = (label: string) => (label.startsWith('coverage') ? (value: number) => formatCoverage(value) : formatAmount);
  return (
    <Line
      data={data}
      options={liabilityOptions(phone)}
      fallbackContent={<FiguresTable figures={data} format={format} />}
      aria-label="RUNIK owed, treasury RNK and coverage per game day"
      role="img"
    />
  );
}

/** Each game day's emission budget beside what was drawn from it. */
export function EmissionChart({ days }: { days: EmissionDayReport[] }) {
  const phone = usePhone();
  const data = {
    labels: days.map((day) => day.day),
    datasets: [
      { label: 'budget', data: days.map((day) => day.budget), backgroundColor: BUDGET_COLOUR },
      { label: 'used', data: days.map((day) => day.used), backgroundColor: USED_COLOUR },
    ],
  };
  return <DailyBars data={data} stacked={false} phone={phone} label="Emission budget and RUNIK drawn from it per game day" />;
}
