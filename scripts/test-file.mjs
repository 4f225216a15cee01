// `npm run test:file -- <path> [more paths] [runner flags]`: the given test files with the runner that owns
// them, chosen by the first path: Vitest for the web app (apps/web), otherwise Jest, which picks each file's
// project (rules, server, system, ...) from its path and runs that project's set-up (a database only where needed).
import { spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';

const args = process.argv.slice(2);
if (args.length === 0 || args[0].startsWith('-')) {
  console.error('usage: npm run test:file -- <path> [<path>...] [runner flags]');
  process.exit(2);
}
const inWebApp = (arg) => !arg.startsWith('-') && !relative(resolve('apps/web'), resolve(arg)).startsWith('..');
const runner = inWebApp(args[0])
  ? // Vitest's root is apps/web: an absolute path names the file whatever the working directory.
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'apps/web/vite.config.mts',
      ...args.map((arg) => (inWebApp(arg) ? resolve(arg) : arg)),
    ]
  : ['node_modules/jest/bin/jest.js', '--runTestsByPath', ...args];
const { status } = spawnSync(process.execPath, runner, { stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
process.exit(status ?? 1);
