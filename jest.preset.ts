import type { Config } from 'jest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// NestJS 12 (and pixelmatch 7, for the browser screenshots) ship as ES modules only: Jest on Node 20 needs them
// transformed to CommonJS.
export const swcTransform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/**
 * The workspace's libraries, which every project reaches through its `@runik/*` links (node_modules symlinks). Jest
 * follows imports only between files of a project's roots: with the libraries among them, a change in libs/rules
 * reaches the server and system tests importing it (`--findRelatedTests`, `--changedSince`, `npm run test:changed`).
 */
const workspaceLibs = readdirSync(join(__dirname, 'libs')).map((lib) => join(__dirname, 'libs', lib));

export const nodeProject = (name: string, rootDir: string, extra: Config = {}): Config => ({
  displayName: name,
  rootDir,
  roots: ['<rootDir>', ...workspaceLibs],
  testEnvironment: 'node',
  transform: swcTransform,
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@bull-board|pixelmatch|kysely|@noble)/)'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  ...extra,
});
