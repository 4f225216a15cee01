import nx from '@nx/eslint-plugin';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '**/vite.config.*.timestamp*'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // rules <- contract <- server <- apps; web may use rules and contract, never server.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:rules', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:contract', onlyDependOnLibsWithTags: ['scope:rules'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:rules', 'scope:contract'] },
            { sourceTag: 'scope:app-web', onlyDependOnLibsWithTags: ['scope:rules', 'scope:contract'] },
            { sourceTag: 'scope:app-hive-sim', onlyDependOnLibsWithTags: ['scope:rules', 'scope:contract'] },
            { sourceTag: 'scope:app-api', onlyDependOnLibsWithTags: ['scope:rules', 'scope:contract', 'scope:server'] },
            { sourceTag: 'scope:app-worker', onlyDependOnLibsWithTags: ['scope:rules', 'scope:contract', 'scope:server'] },
            { sourceTag: 'scope:app-e2e', onlyDependOnLibsWithTags: ['scope:rules', 'scope:contract', 'scope:server'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // core/ is what every feature stands on (config, database, queues, errors): it never imports a feature, or the
  // features could not be understood (or started) without each other. A feature contributes what core must run
  // (entities, SQL generated from the rules) through its own module; see libs/server/src/database.ts.
  ...[
    { files: ['libs/server/src/core/*.ts'], ignores: [], outside: ['../*'] },
    { files: ['libs/server/src/core/*/*.ts'], ignores: ['**/*.spec.ts'], outside: ['../../*'] },
    // Specs may use the test support (a real database), which builds on features.
    { files: ['libs/server/src/core/*/*.spec.ts'], ignores: [], outside: ['../../*', '!../../testing'] },
  ].map(({ files, ignores, outside }) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@runik/server', ...outside],
              message: 'core/ never imports a feature: let the feature register what core needs (see libs/server/src/database.ts).',
            },
          ],
        },
      ],
    },
  })),
  {
    // A migration is frozen history: on a new database it must do what it did when written, so it
    // inlines the values it used instead of importing live rules or code that may change since.
    files: ['libs/server/src/core/migrations/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@runik/*', '../*'],
              message: 'Migrations are frozen history: inline the values (as they are today) instead of importing live rules or code.',
            },
          ],
        },
      ],
    },
  },
];
