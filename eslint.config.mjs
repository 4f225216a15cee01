import { readFileSync } from 'node:fs';
import nx from '@nx/eslint-plugin';

/** What a web feature may import besides its own folder and the libs. */
const WEB_BELOW_FEATURES = ['ui', 'shared', 'api', 'wallet'];
const WEB_FEATURE_MESSAGE =
  'A web feature imports its own folder, ui/, shared/, api/, wallet/ and the libs, never another feature or app/: move what several features use to shared/ (or ui/), or put the features together in app/.';

/**
 * What each server feature offers the others (file names under libs/server/src/<feature>/, without `.ts`): another
 * feature imports only these (lint refuses the rest). Making a file public is a decision: name it here, in the
 * commit that needs it, and say why. docs/conventions.md, "Shape and dependencies".
 */
const SERVER_PUBLIC_FILES = {
  'alliance-chat': ['chat-lines', 'chat-lines.module'],
  attack: ['battle-verdict'],
  auth: ['auth.module', 'auth.service', 'current-session.decorator', 'session-cookie', 'session.guard', 'session.service'],
  'chain-follower': ['chain-follower', 'payout-backlog'],
  chain: [
    'chain-transfers',
    'chain.module',
    'engine-wait',
    'game-account-transfers',
    'hive-engine.client',
    'hive-node.client',
    'payment-matcher',
    'swap-hive-reports',
  ],
  city: ['city-core.module', 'city-state', 'city-transactions', 'city.service', 'military.service'],
  emission: ['emission-budget', 'emission.module', 'liabilities'],
  fairness: ['fair-rolls'],
  gears: ['gear-rows', 'gears.module', 'gears.service'],
  ledger: ['ledger.module', 'ledger.service', 'ledger.types'],
  metrics: ['metrics.module', 'metrics.service', 'scrape-reads'],
  notifications: ['notification-push', 'notifier'],
  packs: ['packs-jobs.module', 'packs.jobs'],
  payments: ['payment-pipeline', 'payment-pipeline.module'],
  players: ['player-lock', 'player-names', 'player.entity', 'players.module', 'players.service'],
  quests: ['quest-progress', 'quest-progress.module'],
  'rate-limit': ['rate-limit.decorator', 'redis-throttler-storage'],
  registration: ['registration-jobs.module', 'registration.jobs'],
  shop: ['shop-jobs.module', 'shop.jobs'],
  wallet: ['deposit.jobs', 'treasury.service', 'wallet-jobs.module', 'wallet.module', 'withdraw.jobs'],
};

/**
 * The server files still allowed a string query, from scripts/string-query-allowlist.txt: one a line, the path then
 * why (`#` starts a comment). The list may only shrink; scripts/string-query-allowlist.spec.ts holds it to that.
 */
export const STRING_QUERY_ALLOWLIST = readFileSync(new URL('./scripts/string-query-allowlist.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => line.split(' ')[0]);
export const STRING_QUERY_MESSAGE =
  "A string query (manager.query, dataSource.query, queryRunner.query, a repository's .query) is untyped: write the statement with Kysely, `db` over the generated schema.ts, run by `rows` or `firstRow` (core/database/sql.ts). Migrations and DDL may stay strings: list the file in scripts/string-query-allowlist.txt, with why.";

/** The one rule every layering check below uses: imports matching `patterns` fail with their message. */
const restrictedImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
  // The rules load in every api, worker and hive-sim process and every test file: date-fns' root module loads all its
  // 300 modules (about 0.25 CPU-s a time), one function's own path loads a few.
  {
    files: ['libs/rules/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'date-fns', message: "Import each function from its own path, e.g. 'date-fns/addDays'." }] },
      ],
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
    rules: restrictedImports({
      group: ['@runik/server', ...outside],
      message: 'core/ never imports a feature: let the feature register what core needs (see libs/server/src/database.ts).',
    }),
  })),
  // A server feature (libs/server/src/<feature>/) reaches another only through the files that feature offers the
  // others, listed in SERVER_PUBLIC_FILES: its module, its exported services and other providers, its guards and
  // request decorators, and the types, row readers and pure helpers it keeps for them; never its controller or the
  // rest of its inside. core/ and stored-data/ lie below every feature. Specs may reach further (test support).
  {
    files: ['libs/server/src/*/*.ts'],
    ignores: ['libs/server/src/core/**', 'libs/server/src/testing/**', '**/*.spec.ts'],
    rules: restrictedImports({
      regex: `^\\.\\./(?!(core|stored-data)/)(?!(${Object.entries(SERVER_PUBLIC_FILES)
        .flatMap(([feature, files]) => files.map((file) => `${feature}/${file}`.replaceAll('.', '\\.')))
        .join('|')})$)`,
      message:
        "A server feature uses another only through that feature's public files (SERVER_PUBLIC_FILES in eslint.config.mjs): its module, exported services and providers, guards and decorators, shared types and helpers. Use one of them, or make the file public there, in a commit that says why.",
    }),
  },
  // The web app's layers: app/ (shell, router, guards) puts the features together; a feature (features/<name>/) uses
  // its own folder and what lies below the features (ui/, shared/, api/, wallet/), never another feature or app/, so
  // each screen can be read, changed and tested alone. What several features use moves down to shared/ (or ui/);
  // where one feature shows another's part, app/ composes them. testing/ (which renders the whole app) is for specs
  // and fixtures only. The patterns count the `../` a file needs to leave its feature, so one entry per depth.
  ...[0, 1, 2, 3].flatMap((depth) => {
    const inFeature = `apps/web/src/features/*/${'*/'.repeat(depth)}`;
    const tests = [`${inFeature}*.spec.{ts,tsx}`, `${inFeature}*-fixtures.{ts,tsx}`];
    const restrict = (below) =>
      restrictedImports(
        { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./)`, message: WEB_FEATURE_MESSAGE },
        { regex: `^(\\.\\./){${depth + 2}}(?!(${below.join('|')})/)`, message: WEB_FEATURE_MESSAGE },
      );
    return [
      { files: [`${inFeature}*.{ts,tsx}`], ignores: tests, rules: restrict(WEB_BELOW_FEATURES) },
      { files: tests, rules: restrict([...WEB_BELOW_FEATURES, 'testing']) },
    ];
  }),
  // What lies below the features, and the operators' page, never reaches up into them or into app/.
  ...[
    { files: ['apps/web/src/{ui,shared,api,wallet,ops}/**/*.{ts,tsx}'], ignores: ['**/*.spec.{ts,tsx}'], above: 'features|app|testing' },
    { files: ['apps/web/src/{ui,shared,api,wallet,ops}/**/*.spec.{ts,tsx}'], ignores: [], above: 'features|app' },
  ].map(({ files, ignores, above }) => ({
    files,
    ignores,
    rules: restrictedImports({
      regex: `^(\\.\\./)+(${above})/`,
      message:
        'ui/, shared/, api/, wallet/ and ops/ lie below the features: they never import a feature, app/ or (outside specs) testing/.',
    }),
  })),
  {
    // A migration is frozen history: on a new database it must do what it did when written, so it
    // inlines the values it used instead of importing live rules or code that may change since.
    files: ['libs/server/src/core/migrations/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: restrictedImports({
      group: ['@runik/*', '../*'],
      message: 'Migrations are frozen history: inline the values (as they are today) instead of importing live rules or code.',
    }),
  },
  // The server's statements are typed (Kysely over schema.ts), so a column's type or a table's name that changes
  // fails the typecheck, not a player's request: a call of `.query` is refused outside the allowlist. Specs,
  // migrations and the test support may write SQL.
  {
    files: ['libs/server/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/server/src/core/migrations/**', 'libs/server/src/testing/**', ...STRING_QUERY_ALLOWLIST],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']", message: STRING_QUERY_MESSAGE },
      ],
    },
  },
];
