import type { Config } from 'jest';
import { nodeProject } from './jest.preset';

// One Jest run over every Node project; the web app has its own Vitest run and the
// browser flows their own project (apps/e2e), both started by `npm test`.
const config: Config = {
  projects: [
    nodeProject('rules', '<rootDir>/libs/rules'),
    nodeProject('contract', '<rootDir>/libs/contract'),
    nodeProject('server', '<rootDir>/libs/server', {
      globalSetup: '<rootDir>/src/testing/global-setup.ts',
    }),
    nodeProject('hive-sim', '<rootDir>/apps/hive-sim'),
  ],
};
export default config;
