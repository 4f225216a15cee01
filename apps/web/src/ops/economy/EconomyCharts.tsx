import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { EconomyDay } from '@runik/contract';
import { formatAmount, seriesByReason } from './economy-series';

// Only the parts these charts draw, so the bundle carries no other chart type.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);
ChartJS.defaults.color = '#b1a28c';
ChartJS.defaults.borderColor = 'rgb(177 162 140 / 20%)';

/** Greens for what the game creates, reds for what it destroys, one shade per reason. */
const MINT_COLOURS = ['#8cc47f', '#5fa35a', '#b8e0a0', '#3f7d45', '#d3f0b8', '#2c5e33'];
const BURN_COLOURS = ['#e87a62', '#c44d3a', '#f4a98f', '#9a3426', '#ffc9b4', '#6e2219'];

const stackedBars: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  interaction: { mode: 'index', intersect: false },
  scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, title: { display: true, text: 'RUNIK' } } },
};
const sideBySideBars: ChartOptions<'bar'> = { ...stackedBars, scales: { y: { beginAtZero: true, title: { display: true, text: 'RUNIK' } } } };
const lines: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  interaction: { mode: 'index', intersect: false },
  scales: { y: { beginAtZero: true, title: { display: true, text: 'RUNIK' } } },
};

/** What every chart here draws: one label a day, series of amounts. */
interface ChartFigures {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

/** A chart's figures as a table inside its canvas, for screen readers (and the browser test). */
function FiguresTable({ figures }: { figures: ChartFigures }) {
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
            {dataset.data.map((amount, day) => (
              <td key={figures.labels[day]}>{formatAmount(amount)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface ChartsProps {
  /** Oldest first. */
  days: EconomyDay[];
}

/** RUNIK the game created (by reason) beside RUNIK spent and gone (by reason), a pair of stacked bars a day. */
export function MintedBurnedChart({ days }: ChartsProps) {
  const minted = seriesByReason(days, (day) => day.mintedByReason);
  const burned = seriesByReason(days, (day) => day.burnedByReason);
  const data = {
    labels: days.map((day) => day.date),
    datasets: [
      ...minted.map(({ reason, amounts }, index) => ({
        label: `minted: ${reason}`,
        data: amounts,
        stack: 'minted',
        backgroundColor: MINT_COLOURS[index % MINT_COLOURS.length],
      })),
      ...burned.map(({ reason, amounts }, index) => ({
        label: `burned: ${reason}`,
        data: amounts,
        stack: 'burned',
        backgroundColor: BURN_COLOURS[index % BURN_COLOURS.length],
      })),
    ],
  };
  return <Bar data={data} options={stackedBars} fallbackContent={<FiguresTable figures={data} />} aria-label="RUNIK minted and burned per day, by reason" role="img" />;
}

export function DepositsWithdrawalsChart({ days }: ChartsProps) {
  const data = {
    labels: days.map((day) => day.date),
    datasets: [
      { label: 'deposits', data: days.map((day) => day.deposits), backgroundColor: '#8cc47f' },
      { label: 'withdrawals', data: days.map((day) => day.withdrawals), backgroundColor: '#e87a62' },
    ],
  };
  return <Bar data={data} options={sideBySideBars} fallbackContent={<FiguresTable figures={data} />} aria-label="RUNIK deposited and withdrawn per day" role="img" />;
}

export function FeesTaxChart({ days }: ChartsProps) {
  const data = {
    labels: days.map((day) => day.date),
    datasets: [
      { label: 'fees', data: days.map((day) => day.fees), borderColor: '#d4a64a', backgroundColor: '#d4a64a' },
      { label: 'tax', data: days.map((day) => day.tax), borderColor: '#7fb0c4', backgroundColor: '#7fb0c4' },
    ],
  };
  return <Line data={data} options={lines} fallbackContent={<FiguresTable figures={data} />} aria-label="RUNIK taken as fees and tax per day" role="img" />;
}
