import type { Config } from 'jest';
import { nodeProject } from './jest.preset';

// One Jest run over every Node project; the web app has its own Vitest run and the
// browser flows their own project (apps/e2e), both started by `npm test`.
const config: Config = {
  // Every test file clones one freshly migrated template database.
  globalSetup: '<rootDir>/libs/server/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/libs/server/src/testing/global-teardown.ts',
  // System and browser tests start real processes and wait for the chain.
  testTimeout: 60_000,
  projects: [
    nodeProject('rules', '<rootDir>/libs/rules'),
    nodeProject('contract', '<rootDir>/libs/contract'),
    nodeProject('server', '<rootDir>/libs/server'),
    nodeProject('hive-sim', '<rootDir>/apps/hive-sim'),
    // The economy simulation (npm run economy): the rules played by bots, no services.
    nodeProject('economy', '<rootDir>/bench/economy', { testMatch: ['<rootDir>/*.spec.ts'] }),
    // The API and worker as real processes over HTTP, with hive-sim as the chain.
    nodeProject('system', '<rootDir>/apps/e2e', { testMatch: ['<rootDir>/src/api/**/*.spec.ts'] }),
    // The game in Chromium (playwright-core) against the same real processes; globalSetup builds the web app.
    // Jest 30 reads testTimeout from the global config only, so its spec sets its own (120 s).
    nodeProject('browser', '<rootDir>/apps/e2e', {
      testMatch: ['<rootDir>/src/browser/**/*.spec.ts'],
      globalSetup: '<rootDir>/src/support/browser-global-setup.ts',
    }),
  ],
};
export default config;
