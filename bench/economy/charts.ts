import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, View } from 'vega';
import { compile, TopLevelSpec } from 'vega-lite';
import { BURN_REASONS, MINT_REASONS } from './ledger';
import { DayFigures, sum } from './simulation';

type Row = Record<string, string | number>;

const WIDTH = 720;
const HEIGHT = 280;
const toRunik = (thousandths: number) => thousandths / 1000;
/** Legends show their labels whole. */
const LEGEND = { labelLimit: 400 };

function lines(title: string, values: Row[], yTitle: string): TopLevelSpec {
  return {
    title,
    width: WIDTH,
    height: HEIGHT,
    data: { values },
    mark: { type: 'line', point: false },
    encoding: {
      x: { field: 'day', type: 'quantitative', title: 'day' },
      y: { field: 'value', type: 'quantitative', title: yTitle },
      color: { field: 'series', type: 'nominal', title: null, legend: LEGEND },
    },
  };
}

/** The charts, as vega-lite specs over the days' figures. */
export function chartSpecs(days: DayFigures[]): Record<string, TopLevelSpec> {
  const flows: Row[] = days.flatMap((day) => [
    ...MINT_REASONS.map((reason) => ({ day: day.day, value: toRunik(day.ledger.minted[reason]), flow: `minted: ${reason}` })),
    ...BURN_REASONS.map((reason) => ({ day: day.day, value: -toRunik(day.ledger.burned[reason]), flow: `burned: ${reason}` })),
    {
      day: day.day,
      value: -toRunik(day.ledger.systemCredits['system:tax'] + day.ledger.systemCredits['system:fees']),
      flow: 'tax and fees',
    },
    { day: day.day, value: -toRunik(day.ledger.withdrawals), flow: 'withdrawn' },
  ]);
  const bands = [1, 6, 11, 16, 21, 26];
  const cityHalls: Row[] = days.flatMap((day) =>
    bands.map((from) => ({
      day: day.day,
      players: day.cityHalls.slice(from - 1, from + 4).reduce((a, b) => a + b, 0),
      band: `City Hall ${from}-${from + 4}`,
    })),
  );
  return {
    'runik-flows.svg': {
      title: 'RUNIK a day: minted (up) and burned, taxed, paid as fees or withdrawn (down)',
      width: WIDTH,
      height: HEIGHT,
      data: { values: flows },
      mark: 'bar',
      encoding: {
        x: { field: 'day', type: 'ordinal', title: 'day' },
        y: { field: 'value', type: 'quantitative', stack: 'zero', title: 'RUNIK' },
        color: { field: 'flow', type: 'nominal', title: null, legend: LEGEND },
      },
    },
    'balances.svg': lines(
      'RUNIK held at the end of each day',
      days.flatMap((day) => [
        { day: day.day, value: toRunik(day.medianBalance), series: 'median player' },
        { day: day.day, value: toRunik(day.topPercentBalance), series: 'top 1%' },
      ]),
      'RUNIK',
    ),
    'city-hall.svg': {
      title: 'Players by City Hall level (alts aside)',
      width: WIDTH,
      height: HEIGHT,
      data: { values: cityHalls },
      mark: 'area',
      encoding: {
        x: { field: 'day', type: 'quantitative', title: 'day' },
        y: { field: 'players', type: 'quantitative', stack: 'zero', title: 'players' },
        color: { field: 'band', type: 'nominal', title: null, legend: LEGEND, sort: bands.map((from) => `City Hall ${from}-${from + 4}`) },
      },
    },
    'budget.svg': lines(
      'RUNIK a day: the emission budget, what it minted into withdrawable balances, and RNK paid out',
      days.flatMap((day) => [
        { day: day.day, value: toRunik(day.treasury.budget), series: 'budget' },
        {
          day: day.day,
          value: toRunik(sum(Object.values(day.treasury.budgetUse))),
          series: 'budget used',
        },
        { day: day.day, value: toRunik(day.treasury.paidOut), series: 'RNK paid out' },
      ]),
      'RUNIK',
    ),
    'coverage.svg': {
      ...lines(
        'Coverage: RNK the game account holds ÷ everything owed, at the end of each day (log scale; at least 1 wanted)',
        days.flatMap((day) => (day.treasury.coverage === null ? [] : [{ day: day.day, value: day.treasury.coverage, series: 'coverage' }])),
        'coverage',
      ),
      encoding: {
        x: { field: 'day', type: 'quantitative', title: 'day' },
        y: { field: 'value', type: 'quantitative', title: 'coverage', scale: { type: 'log' } },
        color: { field: 'series', type: 'nominal', title: null, legend: LEGEND },
      },
    },
    'earnings.svg': lines(
      'RUNIK a day: what an active paid player earns, and a farmer takes from its free alts',
      days.flatMap((day) => [
        { day: day.day, value: toRunik(day.activeEarned), series: 'active paid player: earned' },
        { day: day.day, value: toRunik(day.activeNet), series: 'active paid player: earned less spent' },
        { day: day.day, value: toRunik(day.altFarmPerFarmer), series: 'farmer: loot from its alts' },
      ]),
      'RUNIK',
    ),
  };
}

/** Renders each chart to SVG in `folder` (vega in Node, no browser or canvas); returns the file names. */
export async function writeCharts(days: DayFigures[], folder: string): Promise<string[]> {
  const specs = chartSpecs(days);
  for (const [file, spec] of Object.entries(specs)) {
    const view = new View(parse(compile(spec).spec), { renderer: 'none' });
    writeFileSync(join(folder, file), await view.toSVG());
    view.finalize();
  }
  return Object.keys(specs);
}
