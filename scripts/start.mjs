// `npm start`: the whole game on one machine at http://localhost:3000.
// Migrations, a development build of the web app (with the dev wallet), then hive-sim, api and worker.
import { execFileSync } from 'node:child_process';
import concurrently from 'concurrently';
import { DEV_CHAIN_FILE } from './dev-world.mjs';

const node = process.execPath;
const ts = (entry) => `"${node}" -r @swc-node/register ${entry}`;
const env = {
  WEB_DIST_DIR: 'apps/web/dist',
  BULL_BOARD_USER: process.env.BULL_BOARD_USER ?? 'admin',
  BULL_BOARD_PASSWORD: process.env.BULL_BOARD_PASSWORD ?? 'runik-dev',
};

function step(title, args) {
  console.log(`\n> ${title}`);
  try {
    execFileSync(node, args, { stdio: 'inherit' });
  } catch {
    process.exit(1); // the step already said why in one line
  }
}

step('Checking PostgreSQL and Redis, applying migrations', ['-r', '@swc-node/register', 'libs/server/src/migrate.ts']);
step('Building the web app', [
  'node_modules/vite/bin/vite.js',
  'build',
  '--config',
  'apps/web/vite.config.mts',
  '--mode',
  'development',
  '--logLevel',
  'warn',
]);

console.log(
  `\nRunik: http://localhost:${process.env.PORT ?? 3000}  (Bull Board: /admin/queues, economy: /admin/economy, ${env.BULL_BOARD_USER} / ${env.BULL_BOARD_PASSWORD})\n`,
);
// hive-sim keeps its chain across restarts, as the database keeps the chain follower's cursor (`npm run reset`
// starts both over); HIVE_SIM_CHAIN_FILE= (empty) gives a fresh chain in memory.
const simEnv = { HIVE_SIM_CHAIN_FILE: process.env.HIVE_SIM_CHAIN_FILE ?? DEV_CHAIN_FILE };
const { result } = concurrently(
  [
    { name: 'hive-sim', command: ts('apps/hive-sim/src/main.ts'), env: simEnv, prefixColor: 'magenta' },
    { name: 'api', command: ts('apps/api/src/main.ts'), env, prefixColor: 'cyan' },
    { name: 'worker', command: ts('apps/worker/src/main.ts'), env, prefixColor: 'yellow' },
  ],
  { killOthersOn: ['failure', 'success'], restartTries: 0 },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
