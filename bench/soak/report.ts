import { printTextTable } from '../load';
import { CallLog, STATUS_CLASSES } from './calls';
import type { Check } from './invariants';

/** Calls per action and status class, and a total row; status classes nobody got are left out. */
export function printCalls(log: CallLog, seconds: number): void {
  const used = STATUS_CLASSES.filter((name) => log.total(name) > 0);
  const actions = [...log.counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  const rows = actions.map(([action, counts]) => {
    const total = used.reduce((sum, name) => sum + counts[name], 0);
    return [action, String(total), ...used.map((name) => String(counts[name]))];
  });
  rows.push(['all', String(log.total()), ...used.map((name) => String(log.total(name)))]);
  printTextTable(['action', 'calls', ...used], rows);
  console.log(`(${(log.total() / seconds).toFixed(0)} calls/s over the ${seconds} s of play; "no answer": socket error or 30 s timeout)`);
}

export function printChecks(checks: Check[]): void {
  printTextTable(
    ['check', 'result', 'detail'],
    checks.map((check) => [check.name, check.ok ? 'ok' : `FAILED (${check.problems.length})`, check.detail]),
    [0, 1, 2],
  );
  for (const check of checks.filter((failed) => !failed.ok)) {
    console.log(`\n${check.name}:`);
    for (const problem of check.problems.slice(0, 20)) console.log(`  - ${problem}`);
    if (check.problems.length > 20) console.log(`  … and ${check.problems.length - 20} more`);
  }
}
