import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

// The repository's eslint.config.mjs refuses a string query (`.query(`) in libs/server/src outside the files listed in
// scripts/string-query-allowlist.txt. ESLint loads its config with import(), which Jest's module sandbox refuses: it
// runs in a Node process of its own (as in server-feature-boundaries.spec.ts), with only that rule.
const root = join(__dirname, '..');
const ALLOWLIST = join(__dirname, 'string-query-allowlist.txt');

const LINT = `
const { ESLint } = require('eslint');
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });
  const errors = [];
  for (const { path, code } of JSON.parse(input)) {
    const [result] = await eslint.lintText(code, { filePath: path });
    errors.push(result.messages.map(({ ruleId, message }) => ruleId + ': ' + message));
  }
  process.stdout.write(JSON.stringify(errors));
});
`;

/** The rule's errors ESLint reports for each `code` as the file `path` (from the repository's root). */
function queryErrors(files: [path: string, code: string][]): string[][] {
  const input = JSON.stringify(files.map(([path, code]) => ({ path: join(root, path), code })));
  const run = spawnSync(process.execPath, ['-e', LINT], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`eslint: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[][];
}

const STRING_QUERY_ERROR = expect.stringMatching(/^no-restricted-syntax: A string query .* write the statement with Kysely, `db`/);

const STRING_QUERIES = [
  "import { EntityManager } from 'typeorm';",
  'export async function used(manager: EntityManager, playerId: number) {',
  '  return manager.query(`SELECT sum(amount_thousandths) FROM withdrawals WHERE player_id = $1`, [playerId]);',
  '}',
  'export async function inFlight(dataSource: { query(sql: string): Promise<unknown> }) {',
  "  return dataSource.query(`SELECT count(*) FROM withdrawals WHERE status = 'sent'`);",
  '}',
  '',
].join('\n');

const TYPED_QUERY = [
  "import { EntityManager } from 'typeorm';",
  "import { db, rows } from '../core/database/sql';",
  'export async function queued(manager: EntityManager) {',
  "  return rows(manager, db.selectFrom('withdrawals').select('id').where('status', '=', 'queued'));",
  '}',
  '',
].join('\n');

/** The allowlist's lines that are not comments, each split into its path and its reason. */
function allowlist(): { line: string; path: string; reason: string }[] {
  return readFileSync(ALLOWLIST, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const space = line.indexOf(' ');
      return space < 0 ? { line, path: line, reason: '' } : { line, path: line.slice(0, space), reason: line.slice(space + 1).trim() };
    });
}

describe('string queries in the server', () => {
  // Generous: ESLint loads the parser and the config's plugins, slowly on a loaded machine.
  it('refuses a string query in a money folder, lets a typed query, a spec and a migration through', () => {
    expect(
      queryErrors([
        ['libs/server/src/wallet/planted.ts', STRING_QUERIES],
        ['libs/server/src/registration/planted.ts', STRING_QUERIES],
        ['libs/server/src/wallet/planted-typed.ts', TYPED_QUERY],
        ['libs/server/src/wallet/planted.spec.ts', STRING_QUERIES],
        ['libs/server/src/core/migrations/1700000000000-Planted.ts', STRING_QUERIES],
      ]),
    ).toEqual([[STRING_QUERY_ERROR, STRING_QUERY_ERROR], [STRING_QUERY_ERROR, STRING_QUERY_ERROR], [], [], []]);
  }, 120_000);

  it('lists each file once, sorted, each with a reason', () => {
    const lines = allowlist();
    expect(lines.filter(({ path, reason }) => !path.startsWith('libs/server/src/') || reason === '').map(({ line }) => line)).toEqual([]);
    const paths = lines.map(({ path }) => path);
    expect(paths).toEqual([...new Set(paths)].sort());
  });

  // The list may only shrink: a file whose statements are all typed leaves it, so it cannot take a string query back.
  it('lists only files that still hold a string query', () => {
    const lines = allowlist();
    // Each file's text linted where the rule applies (beside it, under another name).
    const errors = queryErrors(
      lines.map(({ path }) => [join(dirname(path), `allowlisted-${basename(path)}`), readFileSync(join(root, path), 'utf8')]),
    );
    const withoutStringQuery = lines.filter((_, index) => errors[index].length === 0).map(({ path }) => path);
    expect(withoutStringQuery).toEqual([]); // typed now: remove these lines from scripts/string-query-allowlist.txt
  }, 120_000);
});
