import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeLoad, describeMachine, Machine, WORKSPACE_ROOT } from './support';

/** One line of `npm run bench`'s table: one goal of issue 10, our figure next to its baseline's. */
export interface Row {
  scenario: string;
  /** Concurrent connections (or the worker's concurrency), the same for both sides. */
  connections: number;
  measure: string;
  ours: string;
  baseline: string;
  /** ours / baseline, as the goal reads it. */
  ratio: string;
  goal: string;
  met: boolean;
}

/** What a scenario gives the report: its rows, and lines of detail printed under the table. */
export interface ScenarioReport {
  rows: Row[];
  details: string[];
}

export const formatNumber = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

/** A throughput goal: ours at least `minimum` times the baseline's. */
export function throughputRow(scenario: string, connections: number, unit: string, ours: number, baseline: number, minimum: number): Row {
  const ratio = ours / baseline;
  return {
    scenario,
    connections,
    measure: unit,
    ours: formatNumber(ours),
    baseline: formatNumber(baseline),
    ratio: formatNumber(ratio, 2),
    goal: `≥ ${minimum}`,
    met: ratio >= minimum,
  };
}

/** A latency goal: our p99 at most `maximum` times the baseline's. */
export function latencyRow(scenario: string, connections: number, ours: number, baseline: number, maximum: number): Row {
  const ratio = ours / baseline;
  return {
    scenario,
    connections,
    measure: 'p99 ms',
    ours: formatNumber(ours, 1),
    baseline: formatNumber(baseline, 1),
    ratio: formatNumber(ratio, 2),
    goal: `≤ ${maximum}`,
    met: ratio <= maximum,
  };
}

const HEADER = ['scenario', 'connections', 'measure', 'ours', 'baseline', 'ours / baseline', 'goal', 'met'];

/** The table as Markdown, columns padded so it reads as well in a terminal. */
export function markdownTable(rows: Row[]): string {
  const cells = rows.map((row) => [
    row.scenario,
    String(row.connections),
    row.measure,
    row.ours,
    row.baseline,
    row.ratio,
    row.goal,
    row.met ? 'yes' : 'NO',
  ]);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const numeric = new Set([1, 3, 4, 5]);
  const format = (line: string[]) =>
    `| ${line.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (numeric.has(column) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [format(HEADER), rule, ...cells.map(format)].join('\n');
}

/** The commit measured, with a mark when the working tree has uncommitted changes. */
export function commitDescription(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: WORKSPACE_ROOT, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain').length > 0 ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown commit';
  }
}

const DOC = join(WORKSPACE_ROOT, 'docs', 'benchmarks.md');
const START = '<!-- npm run bench: latest results (written by bench/bench.ts) -->';
const END = '<!-- end of the latest results -->';

/** The run's report: when and where, the table, the details. */
export function reportText(machine: Machine, startedAt: Date, rows: Row[], details: string[]): string {
  return [
    `Run of ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commitDescription()}.`,
    `Machine: ${describeMachine(machine)}; load average at the end ${describeLoad()}.`,
    '',
    markdownTable(rows),
    '',
    ...details.map((line) => (line.startsWith('  ') ? line : `- ${line}`)),
  ].join('\n');
}

/** Replaces the latest results in docs/benchmarks.md (between its markers), keeping the rest of the page. */
export function writeReport(text: string): string {
  const section = `${START}\n${text}\n${END}`;
  const page = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${page.slice(0, start)}${section}${page.slice(end + END.length)}`
      : `${page.trimEnd()}\n\n## Latest results\n\n${section}\n`;
  writeFileSync(DOC, next);
  return DOC;
}
