/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"swc": true}
 */
// Node 24 would load this file with its own type stripping, as an ES module, which cannot import ./jest.preset without its extension.
// ts-node compiles it with swc: by default it would type-check it first, about 4 CPU-seconds per Jest run (tsc checks it).
import type { Config } from 'jest';
import { nodeProject } from './jest.preset';

// The projects on a real database (server, system, browser) clone one freshly migrated template per
// test file; Jest runs a setup module once however many projects name it. The others need no services.
const templateDatabase: Config = {
  globalSetup: `${__dirname}/libs/server/src/testing/global-setup.ts`,
  globalTeardown: `${__dirname}/libs/server/src/testing/global-teardown.ts`,
};

// One Jest run over every Node project; the web app has its own Vitest run and the
// browser flows their own project (apps/e2e), both started by `npm test`.

// System files that spend a minute or more waiting on real time (Hive Engine lagging 20 s then down 60 s,
// PostgreSQL and Redis cut twice for 20 s, a refund "day" of 60 s): `npm run test:long` runs them (project
// system-long) with the soak, and CI runs it after `npm test`, which they would hold up by a minute and a half.
const longSystemFiles = ['engine-lag', 'outages', 'refund-flood'];
const systemProject = (name: string, files: Config): Config =>
  nodeProject(name, '<rootDir>/apps/e2e', {
    ...templateDatabase,
    globalTeardown: '<rootDir>/src/support/system-global-teardown.ts',
    ...files,
  });

const browserStack: Config = {
  globalSetup: '<rootDir>/src/support/browser-global-setup.ts',
  globalTeardown: '<rootDir>/src/support/system-global-teardown.ts',
};
const screenTimes = 'time-to-usable';

const config: Config = {
  // System and browser tests start real processes and wait for the chain; npm test runs three files at a time on
  // 2 cores beside Vitest, where everything takes several times as long as alone: a wide margin, not a bet.
  testTimeout: 120_000,
  // The longest files first, from Jest's cache or, on a fresh clone, from the durations measured in it.
  testSequencer: `${__dirname}/scripts/jest-sequencer.cjs`,
  projects: [
    nodeProject('rules', '<rootDir>/libs/rules'),
    nodeProject('contract', '<rootDir>/libs/contract'),
    nodeProject('server', '<rootDir>/libs/server', templateDatabase),
    // The api's own start-up (its module graph in Nest's preview mode: no services). Bull Board's Fastify adapter
    // loads @fastify/static, which requires content-disposition, an ES module: Jest needs it transformed.
    nodeProject('api', '<rootDir>/apps/api', {
      transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@bull-board|pixelmatch|kysely|content-disposition|@noble)/)'],
    }),
    nodeProject('hive-sim', '<rootDir>/apps/hive-sim'),
    // The economy simulation (npm run economy): the rules played by bots, no services.
    nodeProject('economy', '<rootDir>/bench/economy', { testMatch: ['<rootDir>/*.spec.ts'] }),
    // The repository's own scripts (npm run test:changed's selection).
    nodeProject('tooling', '<rootDir>/scripts', { testMatch: ['<rootDir>/*.spec.ts'] }),
    // The API and worker as real processes over HTTP, with hive-sim as the chain.
    // Files that share a stack (support/shared-stack.ts) leave it running for the next file: the teardown stops them.
    systemProject('system', {
      testMatch: ['<rootDir>/src/api/**/*.spec.ts'],
      testPathIgnorePatterns: [`/src/api/(${longSystemFiles.join('|')})\\.spec\\.ts$`],
    }),
    systemProject('system-long', { testMatch: longSystemFiles.map((file) => `<rootDir>/src/api/${file}.spec.ts`) }),
    // The game in Chromium (playwright-core) against the same real processes; globalSetup builds the web app.
    // Jest 30 reads testTimeout from the global config only, so its spec sets its own (120 s).
    // Each worker's shared stack (support/shared-browser-stack.ts) outlives its files: the teardown stops it.
    nodeProject('browser', '<rootDir>/apps/e2e', {
      ...browserStack,
      testMatch: ['<rootDir>/src/browser/**/*.spec.ts'],
      testPathIgnorePatterns: [`/src/browser/${screenTimes}\\.spec\\.ts$`],
    }),
    // Every screen's time to usable (issue 50): 96 cold loads, figures not assertions; `npm run measure:screens`.
    nodeProject('browser-measure', '<rootDir>/apps/e2e', { ...browserStack, testMatch: [`<rootDir>/src/browser/${screenTimes}.spec.ts`] }),
  ],
};
export default config;
