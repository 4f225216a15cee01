// `npm test`: typecheck, lint (module boundaries included), every Jest project but system-long (the real-time fault
// runs of a minute or more: `npm run test:long`), the web app's Vitest run, the web app's bundle-size budget, a
// short soak and a short bench (each of the last three counted as one test); ends with "N passed, N failed".
//
// Two lanes run side by side, because most of the Jest run waits (on PostgreSQL, the chain, processes starting)
// while typechecking, linting and Vitest keep a core busy:
//   1. Jest: rules, contract, hive-sim, economy, tooling, server and system in one run on 3 workers (each system file has
//      its own database, Redis prefix, ports and processes, or shares its worker's: apps/e2e/src/support/
//      shared-stack.ts), then the browser project on 2 workers (likewise: shared-browser-stack.ts; beside the Jest run the
//      load doubled and tests ran past their timeouts). Output shown as it comes.
//   2. Typecheck, lint, formatting, Vitest, the bundle-size budget, the soak, the short bench; each step's output shown
//      when it ends.
// Workers: TEST_JEST_WORKERS (3), TEST_BROWSER_WORKERS (2). Arguments are passed to both Jest runs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { countResults } from './test-results.mjs';

const node = process.execPath;
// Absolute: Vitest resolves a relative outputFile against its own root (apps/web).
const resultsDir = resolve('tmp/test-results');
const nxBin = createRequire(import.meta.url).resolve('nx/bin/nx.js');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const extraJestArgs = process.argv.slice(2);
const jestWorkers = process.env.TEST_JEST_WORKERS ?? '3';
const browserWorkers = process.env.TEST_BROWSER_WORKERS ?? '2';
const started = Date.now();
console.log(`Node ${process.version} (${process.execPath})`);
// Node keeps the bytecode of the modules it compiled here, so the hundreds of api, worker and hive-sim processes the
// tests start load Nest, TypeORM and the rest faster (about a fifth less CPU per start).
process.env.NODE_COMPILE_CACHE ??= resolve('tmp/node-compile-cache');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const timings = [];

/**
 * Runs one step; its output goes to the terminal as it comes (`live`) or to tmp/test-results/<name>.log, printed
 * in one piece when the step ends (so two lanes' lines never interleave). Resolves to whether it exited 0.
 */
function run(name, title, args, { live = false, env = {} } = {}) {
  return new Promise((done) => {
    const begun = Date.now();
    const loadAtStart = load();
    console.log(`\n> ${title}${live ? '' : ' (started; its output follows when it ends)'}`);
    const child = spawn(node, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NX_DAEMON: 'false', ...env },
    });
    const logPath = `${resultsDir}/${name}.log`;
    if (!live) {
      const log = createWriteStream(logPath);
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.once('close', () => log.end());
    }
    child.once('close', (code) => {
      const seconds = (Date.now() - begun) / 1000;
      timings.push({ title, seconds, loadAtStart, loadAtEnd: load(), ok: code === 0 });
      const finish = () => {
        console.log(`\n< ${title}: ${code === 0 ? 'ok' : `exit ${code}`} in ${seconds.toFixed(0)} s (load average ${load()})`);
        done(code === 0);
      };
      if (live) return finish();
      // The log is complete once its stream has flushed.
      setTimeout(() => {
        console.log(`\n> ${title}: output`);
        process.stdout.write(existsSync(logPath) ? readFileSync(logPath) : '');
        finish();
      }, 100);
    });
  });
}

const jestRun = (name, projects, workers) => [
  'node_modules/jest/bin/jest.js',
  '--selectProjects',
  ...projects,
  `--maxWorkers=${workers}`,
  '--passWithNoTests',
  '--json',
  `--outputFile=${resultsDir}/${name}.json`,
  ...extraJestArgs,
];

/** Whether each run that writes a results file exited 0: a run that failed without a failed test in its file still counts as one failure. */
const exitedOk = {};

async function jestLane() {
  exitedOk['jest.json'] = await run(
    'jest',
    `Jest: rules, contract, hive-sim, economy, tooling, server, api, system (${jestWorkers} workers)`,
    jestRun('jest', ['rules', 'contract', 'hive-sim', 'economy', 'tooling', 'server', 'api', 'system'], jestWorkers),
    { live: true },
  );
  exitedOk['jest-browser.json'] = await run(
    'jest-browser',
    `Jest: browser (${browserWorkers} workers)`,
    jestRun('jest-browser', ['browser'], browserWorkers),
    { live: true },
  );
}

async function otherLane() {
  const checks = [];
  // Typecheck, lint and formatting keep what they learnt of unchanged files (tsc's build info, Nx's lint cache keyed
  // by the project's files and its dependencies', Prettier's by content) under tmp/ and .nx/: a second run checks
  // only what changed; a fresh clone checks everything.
  const typecheck = (project, name) => [
    'node_modules/typescript/bin/tsc',
    ...['-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', `tmp/typecheck/${name}.tsbuildinfo`],
  ];
  checks.push(
    (await run('typecheck', 'Typecheck', typecheck('tsconfig.json', 'node'))) &&
      (await run('typecheck-web', 'Typecheck web', typecheck('apps/web/tsconfig.json', 'web'))),
  );
  checks.push(await run('lint', 'Lint', [nxBin, 'run-many', '-t', 'lint', '--outputStyle=static']));
  checks.push(
    await run('format', 'Formatting (Prettier)', [
      'node_modules/prettier/bin/prettier.cjs',
      ...['--check', '--cache', '--cache-strategy', 'content', '--cache-location', 'tmp/prettier-cache', '.'],
    ]),
  );
  exitedOk['vitest.json'] = await run('vitest', 'Vitest: web', [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'apps/web/vite.config.mts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${resultsDir}/vitest.json`,
  ]);
  // The initial JavaScript of the web app against its budget (issue 20: 250 kB gzip); builds in a temp folder.
  const bundlePassed = await run('bundle', "Bundle size: the web app's initial JavaScript (npm run check:bundle)", [
    'scripts/bundle-size.mjs',
  ]);
  // The soak's short version: 20 bots play every money-moving action for 15 s while the worker is
  // killed at random, then the ledger invariants are checked (bench/README.md). About a minute.
  const soakPassed = await run('soak', 'Soak: 20 players, 15 s, the worker killed at random (npm run soak)', [
    '-r',
    '@swc-node/register',
    'bench/soak/main.ts',
    '--players',
    '20',
    '--seconds',
    '15',
    '--drain-seconds',
    '45',
  ]);
  // Every scenario of `npm run bench` and its baseline at a small size (bench/README.md), about a minute: it fails
  // when one cannot run or a check fails (a call refused or 5xx, a double sale, the ledger unbalanced), never on a
  // goal, so a change that breaks a baseline fails here rather than in the next measurement.
  const benchPassed = await run('bench', 'Bench, short: every scenario at a small size (npm run bench -- --short)', [
    '-r',
    '@swc-node/register',
    'bench/bench.ts',
    '--short',
  ]);
  return { checks, counted: [soakPassed, bundlePassed, benchPassed] };
}

const [, { checks, counted }] = await Promise.all([jestLane(), otherLane()]);

const results = countResults(resultsDir, exitedOk);
const passed = results.passed + counted.filter((ok) => ok).length;
const failed = results.failed + counted.filter((ok) => !ok).length;
const failedChecks = checks.filter((ok) => !ok).length;
console.log('\nWall clock of each step (load average at its start -> end):');
for (const { title, seconds, loadAtStart, loadAtEnd, ok } of timings) {
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${ok ? '  ' : '! '}${title}  (${loadAtStart} -> ${loadAtEnd})`);
}
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
if (failedChecks > 0) console.error(`\n${failedChecks} check(s) failed (typecheck or lint): see above.`);
console.log(`\n${passed} passed, ${failed + failedChecks} failed`);
process.exit(failed + failedChecks > 0 ? 1 : 0);
