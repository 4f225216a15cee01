// `npm test`: typecheck, lint (module boundaries included), every Jest project (server; then rules,
// contract, hive-sim, economy, system, browser), the web app's Vitest run, the web app's bundle-size budget and a
// short soak (each of the last two counted as one test); ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const node = process.execPath;
// Absolute: Vitest resolves a relative outputFile against its own root (apps/web).
const resultsDir = resolve('tmp/test-results');
const nxBin = createRequire(import.meta.url).resolve('nx/bin/nx.js');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const extraJestArgs = process.argv.slice(2);

function run(title, args, env = {}) {
  console.log(`\n> ${title}`);
  const { status } = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false', ...env } });
  return status === 0;
}

const checks = [
  run('Typecheck', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']) &&
    run('Typecheck web', ['node_modules/typescript/bin/tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']),
  run('Lint', [nxBin, 'run-many', '-t', 'lint', '--outputStyle=static', '--skipNxCache']),
];
// Two Jest runs: the service tests wait mostly on PostgreSQL, so two workers halve them on 2 cores (227 s ->
// 112 s here); the others stay one file at a time (system and browser files start 3 processes each).
run('Jest: server, two workers', [
  'node_modules/jest/bin/jest.js', '--selectProjects', 'server', '--maxWorkers=2', '--passWithNoTests',
  '--json', `--outputFile=${resultsDir}/jest-server.json`, ...extraJestArgs,
]);
run('Jest: rules, contract, hive-sim, economy, system, browser', [
  'node_modules/jest/bin/jest.js', '--selectProjects', 'rules', 'contract', 'hive-sim', 'economy', 'system', 'browser', '--passWithNoTests',
  '--json', `--outputFile=${resultsDir}/jest.json`, ...extraJestArgs,
]);
run('Vitest: web', [
  'node_modules/vitest/vitest.mjs', 'run', '--config', 'apps/web/vite.config.mts',
  '--reporter=default', '--reporter=json', `--outputFile=${resultsDir}/vitest.json`,
]);
// The soak's short version: 20 bots play every money-moving action for 15 s while the worker is
// killed at random, then the ledger invariants are checked (bench/README.md). About a minute.
const soakPassed = run('Soak: 20 players, 15 s, the worker killed at random (npm run soak)', [
  '-r', '@swc-node/register', 'bench/soak/main.ts', '--players', '20', '--seconds', '15', '--drain-seconds', '45',
]);

// The initial JavaScript of the web app against its budget (issue 20: 250 kB gzip); builds in a temp folder.
const bundlePassed = run("Bundle size: the web app's initial JavaScript (npm run check:bundle)", ['scripts/bundle-size.mjs']);

const counted = [soakPassed, bundlePassed];
let passed = counted.filter((ok) => ok).length;
let failed = counted.length - passed;
for (const file of ['jest-server.json', 'jest.json', 'vitest.json']) {
  const path = `${resultsDir}/${file}`;
  if (!existsSync(path)) {
    console.error(`${file}: the run produced no results`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  if (!report.success && report.numFailedTests === 0) failed += 1; // a suite that failed to run
}
const failedChecks = checks.filter((ok) => !ok).length;
if (failedChecks > 0) console.error(`\n${failedChecks} check(s) failed (typecheck or lint): see above.`);
console.log(`\n${passed} passed, ${failed + failedChecks} failed`);
process.exit(failed + failedChecks > 0 ? 1 : 0);
