// `npm run test:changed [-- <base>] [--list] [--files <path>...] [Jest flags]`: the edit loop. Runs the tests that
// the files changed since <base> reach (default: origin/main if it exists, else main; committed, staged, unstaged and
// untracked files alike):
//   - Jest, the projects `npm test` runs (system-long aside: `npm run test:long`), with `--findRelatedTests` on the
//     changed files: the test files changed, and those importing a changed file, directly or through the workspace's
//     `@runik/*` links (jest.preset.ts puts the libraries among every project's roots, so Jest follows them). A change
//     in libs/rules or libs/contract so runs the server and system tests importing it; through their index, that is
//     most of them. A system test also reaches server code through the api and worker processes, which no import
//     shows: after a change in libs/server, run `npm run test:system` (or `npm test`) before pushing.
//   - Vitest (apps/web), `vitest related` on the changed files the web app can reach (apps/web, libs/rules,
//     libs/contract; never libs/server): not run at all for a change it cannot reach.
// `--list` prints the test files each runner would run and runs none; `--files` takes the paths given as the change
// instead of git's. `--selectProjects` among the Jest flags replaces the default projects. Ends with
// "N passed, N failed" like `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { countResults } from './test-results.mjs';

const JEST_PROJECTS = ['rules', 'contract', 'hive-sim', 'economy', 'tooling', 'server', 'api', 'system', 'browser'];
/** What the web app imports: its own files and these libraries (lint refuses it libs/server). */
const WEB_REACHABLE = ['apps/web/', 'libs/rules/', 'libs/contract/'];

const git = (...argv) => spawnSync('git', argv, { encoding: 'utf8' });
const refExists = (ref) => git('rev-parse', '--verify', '--quiet', ref).status === 0;
const args = process.argv.slice(2);
const take = (flag) => {
  const at = args.indexOf(flag);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const list = take('--list');
const filesAt = args.indexOf('--files');
const given = filesAt >= 0 ? args.splice(filesAt).slice(1) : null;
const base = args[0] && !args[0].startsWith('-') ? args.shift() : ['origin/main', 'main'].find(refExists);
if (!given && (!base || !refExists(base))) {
  console.error(`test:changed: no base to compare with (${base ?? 'origin/main or main'}); name one: npm run test:changed -- <ref>`);
  process.exit(2);
}
const root = git('rev-parse', '--show-toplevel').stdout.trim();
const lines = (result) => result.stdout.split('\n').filter(Boolean);
/** The branch's changes since it left <base>, and those not committed yet; deleted files reach nothing any more. */
const changed = (
  given ?? [
    ...new Set([
      ...lines(git('diff', '--name-only', `${base}...HEAD`)),
      ...lines(git('diff', '--name-only', 'HEAD')),
      ...lines(git('ls-files', '--others', '--exclude-standard')),
    ]),
  ]
)
  .map((file) => resolve(root, file))
  .filter((file) => existsSync(file));
const webChanged = changed.filter((file) => WEB_REACHABLE.some((dir) => relative(root, file).startsWith(dir)));
const what = given ? `a change of ${given.join(', ')}` : `changes since ${base}`;

const resultsDir = resolve('tmp/test-results-changed');
const env = { ...process.env, NX_DAEMON: 'false' };
const run = (title, argv) => {
  console.log(`\n> ${title}`);
  return spawnSync(process.execPath, argv, { stdio: 'inherit', env }).status === 0;
};
const jest = 'node_modules/jest/bin/jest.js';
/** Which tests, for listing and running alike: the projects and the user's flags, then the changed files. */
const jestSelection = [
  ...(args.includes('--selectProjects') ? [] : ['--selectProjects', ...JEST_PROJECTS]),
  ...args,
  '--findRelatedTests',
  ...changed,
];
const vitestConfig = 'apps/web/vite.config.mts';

if (list) {
  let jestFiles = [];
  if (changed.length > 0) {
    const listed = spawnSync(process.execPath, [jest, '--listTests', ...jestSelection], { encoding: 'utf8', env });
    if (listed.status !== 0) {
      process.stderr.write(listed.stderr);
      process.exit(1);
    }
    // Jest names the projects it selected on the same output: the files are the absolute paths.
    jestFiles = lines(listed).filter((line) => line.startsWith(`${root}/`));
  }
  printList(`Jest would run, for ${what}`, jestFiles);
  let vitestFiles = [];
  if (webChanged.length > 0) {
    // The selection `vitest related` makes before it runs (its filter by source), without running.
    const { createVitest } = await import('vitest/node');
    const vitest = await createVitest('test', { config: vitestConfig, related: webChanged, run: true, watch: false });
    vitestFiles = (await vitest.getRelevantTestSpecifications()).map((spec) => spec.moduleId);
    await vitest.close();
  }
  printList(`Vitest would run, for ${what}`, vitestFiles);
  process.exit(0);
}

function printList(title, files) {
  console.log(`${title}: ${files.length} files`);
  for (const file of [...new Set(files)].map((path) => relative(root, path)).sort()) console.log(`  ${file}`);
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const runs = {};
if (changed.length === 0) console.log(`\nNothing changed (${what}): no tests to run.`);
else {
  runs['jest.json'] = run(`Jest: tests reached by ${what}`, [
    jest,
    '--maxWorkers=2',
    '--passWithNoTests',
    '--json',
    `--outputFile=${resultsDir}/jest.json`,
    ...jestSelection,
  ]);
}
if (webChanged.length === 0) console.log(`\nVitest: the web app reaches none of ${what}: not run.`);
else {
  runs['vitest.json'] = run(`Vitest: web tests reached by ${what}`, [
    'node_modules/vitest/vitest.mjs',
    'related',
    '--run',
    '--config',
    vitestConfig,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${resultsDir}/vitest.json`,
    ...webChanged,
  ]);
}

const { passed, failed } = countResults(resultsDir, runs);
console.log(`\n${passed} passed, ${failed} failed (tests reached by ${what})`);
process.exit(failed > 0 ? 1 : 0);
