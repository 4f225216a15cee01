import { ARCHETYPES } from './archetypes';
import { criteria, mintedOf, ScenarioSummary, SUNK_AT_DAYS, sunkOf } from './criteria';
import { BURN_REASONS, MINT_REASONS } from './ledger';
import { scenarioLabel } from './scenarios';
import { DayFigures, median, SimulationResult, sum } from './simulation';
import { GUARD_RAILS, LAUNCH_RESERVE_RNK_PER_PLAYER } from './treasury';

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

export const ACTIVITY_HEADER = [
  'day',
  'raids',
  'loot brought home',
  'loot lost on the way',
  'citadel attacks',
  'boss rewards held back by the daily cap',
  'boss rewards held back by emission shares',
  'SWAP.HIVE spent',
  'RUNIK minted locked (shop)',
  'late activations',
  'RUNIK locked at activations',
  'gear sold',
];

/** What else happened in a day: raids and their loot (valued in RUNIK after tax), the citadel, SWAP.HIVE purchases, activations, the marketplace. */
export function activityRow(day: DayFigures): string[] {
  const a = day.activity;
  return [
    String(day.day),
    String(a.raids),
    amount(a.raidLoot),
    amount(a.raidLootLost),
    String(a.citadelAttacks),
    amount(a.citadelWithheld),
    amount(a.citadelOverShare),
    amount(a.swapHiveSpent),
    amount(a.mintedLocked),
    String(a.activations),
    amount(a.lockedAtActivation),
    String(a.gearSales),
  ];
}

export const TREASURY_HEADER = [
  'day',
  'RNK held',
  'SWAP.HIVE held',
  'owed',
  'coverage',
  'budget',
  'used: conversion / citadel / release / quests',
  'used',
  'RNK paid out',
  'per active paid player',
  'waiting (withdrawals)',
  'sunk ÷ minted',
  'resources bought (apart)',
];

/** The game account, the day's emission budget and its use, withdrawals, and sunk ÷ minted (resources bought apart: they convert back). */
export function treasuryRow(day: DayFigures): string[] {
  const t = day.treasury;
  const used = sum(Object.values(t.budgetUse));
  const minted = mintedOf(day);
  return [
    String(day.day),
    amount(t.rnk),
    amount(t.swapHive),
    amount(t.owed),
    t.coverage === null ? '-' : t.coverage.toFixed(3),
    amount(t.budget),
    `${amount(t.budgetUse.conversion)} / ${amount(t.budgetUse.citadel)} / ${amount(t.budgetUse.release)} / ${amount(t.budgetUse.quest)}`,
    t.budget ? percent(used / t.budget) : '-',
    amount(t.paidOut),
    t.activePaid ? amount(Math.floor(t.paidOut / t.activePaid)) : '-',
    `${amount(t.waiting)} (${t.waitingCount})`,
    minted ? percent(sunkOf(day) / minted) : '-',
    amount(day.ledger.burned['resources-bought']),
  ];
}

export const CRITERIA_HEADER = [
  'scenario',
  'coverage, lowest',
  'days over budget',
  'over a share or slice',
  'game-only RUNIK withdrawn',
  'line: over cap / out of order / longest wait',
  'earn-back days (median)',
  'City Hall after a week',
  'met',
];

/** One row per scenario: each criterion's figure, **bold** when it fails. */
export function criteriaRow(summary: ScenarioSummary): string[] {
  const checked = criteria(summary);
  return [
    `${summary.label} (${summary.bots} bots)`,
    ...checked.map((criterion) => (criterion.ok ? criterion.figure : `**${criterion.figure}**`)),
    checked.every((criterion) => criterion.ok) ? 'yes' : '**no**',
  ];
}

export const SCENARIO_HEADER = [
  'scenario',
  ...SUNK_AT_DAYS.map((day) => `sunk ÷ minted to day ${day}`),
  'minted',
  'budget: sized / used',
  'asked to withdraw / RNK paid out / most waiting / still waiting',
  'RNK: launch reserve / deposited / bought by the operator / held at the end',
  'SWAP.HIVE received',
  'a day per account: multi-account / cash-out alone',
];

export function scenarioRow(summary: ScenarioSummary): string[] {
  return [
    `${summary.label} (${summary.bots} bots)`,
    ...SUNK_AT_DAYS.map((day) => (summary.sunkShareTo[day] === undefined ? '-' : percent(summary.sunkShareTo[day]))),
    amount(summary.minted),
    `${amount(summary.budgetTotal)} / ${amount(summary.budgetUsed)}`,
    `${amount(summary.asked)} / ${amount(summary.paidOut)} / ${amount(summary.maxWaiting)} / ${amount(summary.waitingAtEnd)}`,
    `${amount(summary.launchReserve)} / ${amount(summary.rnkDeposited)} / ${amount(summary.toppedUp)} / ${amount(summary.treasuryAtEnd)}`,
    amount(summary.swapHiveIn),
    `${amount(summary.multiPerAccount)} / ${amount(summary.singleCashOut)}`,
  ];
}

/** The report written next to the charts: what was run, the pass criteria in every scenario, the targets, the charts, every day. */
export function markdownReport(result: SimulationResult, constantsSource: string, charts: string[], summaries: ScenarioSummary[]): string {
  const { days, bots, seed } = result.options;
  const summary = summarize(result);
  const population = Object.entries(result.population)
    .map(([archetype, count]) => `${count} ${archetype}`)
    .join(', ');
  return [
    '# Economy simulation',
    '',
    `\`npm run economy -- --days ${days} --bots ${bots} --seed ${seed}${constantsSource === 'the rules' ? '' : ` --constants ${constantsSource}`}\``,
    `(constants: ${constantsSource}). Scenario: ${scenarioLabel(result.scenario)}. Population: ${population}. RUNIK and RNK, each day's figures summed over`,
    `the day (balances at its end). Launch reserve ${LAUNCH_RESERVE_RNK_PER_PLAYER} RNK a player; withdrawals capped at ${amount(GUARD_RAILS.perAccountDaily)} a day an account`,
    `and ${amount(GUARD_RAILS.gameDaily)} a day in all, coverage floor ${GUARD_RAILS.coverageFloor / 10_000}. Written by bench/economy; bench/README.md explains the bots.`,
    '',
    '## Pass criteria, every scenario (docs/economy/emission-budget.md)',
    '',
    markdownTable(CRITERIA_HEADER, summaries.map(criteriaRow)),
    '',
    markdownTable(SCENARIO_HEADER, summaries.map(scenarioRow)),
    '',
    '## Per archetype, over the run',
    '',
    markdownTable(
      ['archetype', 'accounts', 'RUNIK the budget minted them (releases included)', 'RUNIK they withdrew'],
      ARCHETYPES.map((archetype) => [
        archetype,
        String(result.population[archetype]),
        amount(result.emittedBy[archetype]),
        amount(result.withdrawnBy[archetype]),
      ]),
    ),
    '',
    '## Targets (issue 18)',
    '',
    markdownTable(['measure', 'figure', 'target', 'met'], targetRows(summary)),
    '',
    '## Charts',
    '',
    ...charts.map((chart) => `![${chart}](${chart})`),
    '',
    '## Every day: the treasury and the emission budget',
    '',
    markdownTable(TREASURY_HEADER, result.days.map(treasuryRow)),
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
