// `npm run test:changed [-- <base>]`: the edit loop. Runs only the tests that depend on files changed since
// <base> (default: origin/main if it exists, else main), and the uncommitted changes:
//   - Jest (every project) with `--changedSince=<base>`: the test files changed, and those importing a changed
//     file (Jest follows imports, so a change in libs/rules runs the rules, server and system tests that import
//     it). A system test reaches most server code through the api and worker processes, not by import: after a
//     change in libs/server, run `npm run test:system` (or `npm test`) before pushing.
//   - Vitest (apps/web) with `--changed <base>`, the same rule for the web app.
// Ends with "N passed, N failed" like `npm test`. Runner flags go after the base: `npm run test:changed -- main --bail`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { countResults } from './test-results.mjs';

const refExists = (ref) => spawnSync('git', ['rev-parse', '--verify', '--quiet', ref], { stdio: 'ignore' }).status === 0;
const args = process.argv.slice(2);
const base = args[0] && !args[0].startsWith('-') ? args.shift() : ['origin/main', 'main'].find(refExists);
if (!base || !refExists(base)) {
  console.error(`test:changed: no base to compare with (${base ?? 'origin/main or main'}); name one: npm run test:changed -- <ref>`);
  process.exit(2);
}
const resultsDir = resolve('tmp/test-results-changed');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false' };
const run = (title, argv) => {
  console.log(`\n> ${title}`);
  return spawnSync(process.execPath, argv, { stdio: 'inherit', env }).status === 0;
};

const jestOk = run(`Jest: tests affected by changes since ${base}`, [
  'node_modules/jest/bin/jest.js',
  `--changedSince=${base}`,
  '--maxWorkers=2',
  '--passWithNoTests',
  '--json',
  `--outputFile=${resultsDir}/jest.json`,
  ...args,
]);
const vitestOk = run(`Vitest: web tests affected by changes since ${base}`, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--config',
  'apps/web/vite.config.mts',
  '--changed',
  base,
  '--passWithNoTests',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${resultsDir}/vitest.json`,
]);

const { passed, failed } = countResults(resultsDir, { 'jest.json': jestOk, 'vitest.json': vitestOk });
console.log(`\n${passed} passed, ${failed} failed (tests affected by changes since ${base})`);
process.exit(failed > 0 ? 1 : 0);
