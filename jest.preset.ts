import type { Config } from 'jest';

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

export const nodeProject = (name: string, rootDir: string, extra: Config = {}): Config => ({
  displayName: name,
  rootDir,
  testEnvironment: 'node',
  transform: swcTransform,
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@bull-board|pixelmatch|kysely)/)'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  ...extra,
});
