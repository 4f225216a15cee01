import { BURN_REASONS, MINT_REASONS } from './ledger';
import { DayFigures, median, SimulationResult, sum } from './simulation';

/** The issue's targets are measured from this day on (issue 18, item 5). */
export const STEADY_FROM_DAY = 14;
export const TARGETS = { sunkShareOfMinted: 0.9, cityHallAfterWeek: 5 } as const;
/** The late game's window: the last days of the run. */
export const LATE_DAYS = 15;

const taxAndFeesOf = (day: DayFigures) => day.ledger.systemCredits['system:tax'] + day.ledger.systemCredits['system:fees'];

export interface Summary {
  /** From STEADY_FROM_DAY on, thousandths of RUNIK. */
  minted: number;
  burned: number;
  /** Conversion and sale tax and listing fees: RUNIK no player holds any more, like burned RUNIK. */
  taxAndFees: number;
  withdrawn: number;
  burnedShare: number;
  sunkShare: number;
  /** The same over the last LATE_DAYS days, when the first players run out of upgrades. */
  lateSunkShare: number;
  /** Withdrawn over the whole run plus what paid players hold at its end: the claim on the treasury's RNK. */
  claimOnTreasury: number;
  /** Mean a day: an active paid player's earnings, and a farmer's loot from all its alts. */
  activeEarnedPerDay: number;
  altFarmPerDay: number;
  altsPerFarmer: number;
  /** Median City Hall 7 days after joining: casual players, and every player but alts. */
  casualCityHallAfterWeek: number;
  cityHallAfterWeek: number;
  citadelFloor: number;
}

export function summarize(result: SimulationResult): Summary {
  const steady = result.days.filter((day) => day.day >= STEADY_FROM_DAY);
  const sunk = (days: DayFigures[]) => sum(days.map((day) => sum(Object.values(day.ledger.burned)) + taxAndFeesOf(day)));
  const mintedIn = (days: DayFigures[]) => sum(days.map((day) => sum(Object.values(day.ledger.minted))));
  const minted = mintedIn(steady);
  const burned = sum(steady.map((day) => sum(Object.values(day.ledger.burned))));
  const taxAndFees = sum(steady.map(taxAndFeesOf));
  const late = result.days.slice(-LATE_DAYS);
  const players = Object.entries(result.cityHallAfterWeek).flatMap(([archetype, levels]) => (archetype === 'alt' ? [] : levels));
  const mean = (values: number[]) => (values.length ? Math.floor(sum(values) / values.length) : 0);
  return {
    minted,
    burned,
    taxAndFees,
    withdrawn: sum(steady.map((day) => day.ledger.withdrawals)),
    burnedShare: minted ? burned / minted : 0,
    sunkShare: minted ? (burned + taxAndFees) / minted : 0,
    lateSunkShare: mintedIn(late) ? sunk(late) / mintedIn(late) : 0,
    claimOnTreasury: sum(result.days.map((day) => day.ledger.withdrawals)) + result.paidBalancesAtEnd,
    activeEarnedPerDay: mean(steady.map((day) => day.activeEarned)),
    altFarmPerDay: mean(steady.map((day) => day.altFarmPerFarmer)),
    altsPerFarmer: result.population.farmer ? result.population.alt / result.population.farmer : 0,
    casualCityHallAfterWeek: median(result.cityHallAfterWeek.casual),
    cityHallAfterWeek: median(players),
    citadelFloor: result.days.at(-1)?.citadelFloor ?? 1,
  };
}

/** An amount (RUNIK, SWAP.HIVE) from thousandths, one decimal, with thousands separators. */
export function amount(thousandths: number): string {
  return (thousandths / 1000).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const met = (ok: boolean) => (ok ? 'yes' : '**no**');

export function targetRows(summary: Summary): string[][] {
  const perAlt = summary.altsPerFarmer ? Math.floor(summary.altFarmPerDay / summary.altsPerFarmer) : 0;
  return [
    [`RUNIK burned ÷ minted, day ${STEADY_FROM_DAY} on`, percent(summary.burnedShare), '', ''],
    [
      `RUNIK burned, taxed or paid as fees ÷ minted, day ${STEADY_FROM_DAY} on`,
      percent(summary.sunkShare),
      `≥ ${percent(TARGETS.sunkShareOfMinted)}`,
      met(summary.sunkShare >= TARGETS.sunkShareOfMinted),
    ],
    [
      `a farm of ${summary.altsPerFarmer} free alts, RUNIK a day to its owner`,
      amount(summary.altFarmPerDay),
      `< one active paid player's ${amount(summary.activeEarnedPerDay)}`,
      met(summary.altFarmPerDay < summary.activeEarnedPerDay),
    ],
    [
      'City Hall after 7 days, median: casual players (every player)',
      `${summary.casualCityHallAfterWeek} (${summary.cityHallAfterWeek})`,
      `≥ ${TARGETS.cityHallAfterWeek}`,
      met(summary.casualCityHallAfterWeek >= TARGETS.cityHallAfterWeek),
    ],
    [
      'one free alt, RUNIK a day to its owner; alts it takes to match one active paid player',
      `${amount(perAlt)}; ${perAlt > 0 ? Math.ceil(summary.activeEarnedPerDay / perAlt) : 'none do'}`,
      '',
      '',
    ],
    [`RUNIK burned, taxed or paid as fees ÷ minted, last ${LATE_DAYS} days`, percent(summary.lateSunkShare), '', ''],
    [`withdrawn, day ${STEADY_FROM_DAY} on`, amount(summary.withdrawn), '', ''],
    ['withdrawn, and held by paid players at the end: the claim on the RNK treasury', amount(summary.claimOnTreasury), '', ''],
    ['citadel floor reached', String(summary.citadelFloor), '', ''],
  ];
}

/** City Hall levels as the median, 90th percentile and highest level among players. */
function cityHallSpread(day: DayFigures): string {
  const levels = day.cityHalls.flatMap((count, index) => new Array<number>(count).fill(index + 1));
  if (levels.length === 0) return '-';
  const at = (share: number) => levels[Math.min(levels.length - 1, Math.ceil(share * levels.length) - 1)];
  return `${at(0.5)} / ${at(0.9)} / ${levels[levels.length - 1]}`;
}

const SHORT: Record<string, string> = {
  conversion: 'conv',
  'citadel-reward': 'citadel',
  shop: 'shop',
  upgrades: 'upgr',
  'speed-ups': 'speed',
  'resources-bought': 'res',
  packs: 'packs',
};

export const DAY_HEADER = [
  'day',
  'players',
  ...MINT_REASONS.map((reason) => `minted ${SHORT[reason]}`),
  ...BURN_REASONS.map((reason) => `burned ${SHORT[reason]}`),
  'tax',
  'fees',
  'deposits',
  'withdrawals',
  'burned ÷ minted',
  'median balance',
  'top 1% balance',
  'City Hall median / p90 / max',
  'active paid earns',
  'farm loot per farmer',
  'floor',
];

export function dayRow(day: DayFigures): string[] {
  const minted = sum(Object.values(day.ledger.minted));
  return [
    String(day.day),
    String(day.players),
    ...MINT_REASONS.map((reason) => amount(day.ledger.minted[reason])),
    ...BURN_REASONS.map((reason) => amount(day.ledger.burned[reason])),
    amount(day.ledger.systemCredits['system:tax']),
    amount(day.ledger.systemCredits['system:fees']),
    amount(day.ledger.deposits),
    amount(day.ledger.withdrawals),
    minted ? percent(sum(Object.values(day.ledger.burned)) / minted) : '-',
    amount(day.medianBalance),
    amount(day.topPercentBalance),
    cityHallSpread(day),
    amount(day.activeEarned),
    amount(day.altFarmPerFarmer),
    String(day.citadelFloor),
  ];
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const ACTIVITY_HEADER = ['day', 'raids', 'loot brought home', 'loot lost on the way', 'citadel attacks', 'boss rewards held back by the daily cap', 'SWAP.HIVE spent', 'gear sold'];

/** What else happened in a day: raids and their loot (valued in RUNIK after tax), the citadel, SWAP.HIVE purchases, the marketplace. */
export function activityRow(day: DayFigures): string[] {
  const { raids, raidLoot, raidLootLost, citadelAttacks, citadelWithheld, swapHiveSpent, gearSales } = day.activity;
  return [String(day.day), String(raids), amount(raidLoot), amount(raidLootLost), String(citadelAttacks), amount(citadelWithheld), amount(swapHiveSpent), String(gearSales)];
}

/** The report written next to the charts: what was run, the targets, the charts, every day. */
export function markdownReport(result: SimulationResult, constantsSource: string, charts: string[]): string {
  const { days, bots, seed } = result.options;
  const summary = summarize(result);
  const population = Object.entries(result.population)
    .map(([archetype, count]) => `${count} ${archetype}`)
    .join(', ');
  return [
    '# Economy simulation',
    '',
    `\`npm run economy -- --days ${days} --bots ${bots} --seed ${seed}${constantsSource === 'the rules' ? '' : ` --constants ${constantsSource}`}\``,
    `(constants: ${constantsSource}). Population: ${population}. RUNIK, each day's figures summed over`,
    'the day (balances at its end). Written by bench/economy; bench/README.md explains the bots.',
    '',
    '## Targets (issue 18)',
    '',
    markdownTable(['measure', 'figure', 'target', 'met'], targetRows(summary)),
    '',
    '## Charts',
    '',
    ...charts.map((chart) => `![${chart}](${chart})`),
    '',
    '## Every day',
    '',
    markdownTable(DAY_HEADER, result.days.map(dayRow)),
    '',
    '## Every day, besides RUNIK',
    '',
    markdownTable(ACTIVITY_HEADER, result.days.map(activityRow)),
    '',
  ].join('\n');
}
