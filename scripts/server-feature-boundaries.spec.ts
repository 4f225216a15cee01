import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The repository's eslint.config.mjs, the one `npm run lint` runs, on files planted where the server's features live
// (they exist only as text here). Only the layering rule is run: the others are not what these files test. ESLint
// loads its config with import(), which Jest's module sandbox refuses: it runs in a Node process of its own.
const root = join(__dirname, '..');

const LINT = `
const { ESLint } = require('eslint');
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });
  const errors = [];
  for (const { path, code } of JSON.parse(input)) {
    const [result] = await eslint.lintText(code, { filePath: path });
    errors.push(result.messages.map(({ ruleId, message }) => ruleId + ': ' + message));
  }
  process.stdout.write(JSON.stringify(errors));
});
`;

/** The layering errors ESLint reports for each `code` as the file `path` under libs/server/src. */
function layerErrors(files: [path: string, code: string][]): string[][] {
  const input = JSON.stringify(files.map(([path, code]) => ({ path: join(root, 'libs/server/src', path), code })));
  const run = spawnSync(process.execPath, ['-e', LINT], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (run.status !== 0) throw new Error(`eslint: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[][];
}

const FEATURE_ERROR = expect.stringMatching(
  /^no-restricted-imports: .*A server feature uses another only through that feature's public files/,
);

describe('the server features hold their shape', () => {
  // Generous: ESLint loads the parser and the config's plugins, slowly on a loaded machine.
  it("refuses a feature importing another feature's inside; lets it use the public files, core/, stored-data/ and its own", () => {
    const allowed = [
      "import { LedgerService } from '../ledger/ledger.service';",
      "import { SessionGuard } from '../auth/session.guard';",
      "import { Clock } from '../core/clock/clock';",
      "import { decodeBattleInput } from '../stored-data/stored-battles';",
      "import { AllianceService } from './alliance.service';",
      'export { LedgerService, SessionGuard, Clock, decodeBattleInput, AllianceService };',
      '',
    ].join('\n');
    expect(
      layerErrors([
        // Another feature's controller, a file it keeps for itself, the test support.
        ['city/planted.ts', "export { AllianceController } from '../alliance/alliance.controller';\n"],
        ['attack/planted.ts', "export { lockAlliance } from '../alliance/alliance-records';\n"],
        ['shop/planted.ts', "export { TestClock } from '../testing/test-clock';\n"],
        ['alliance/planted.ts', allowed],
        // A spec may reach further.
        ['city/planted.spec.ts', "export { lockAlliance } from '../alliance/alliance-records';\n"],
      ]),
    ).toEqual([[FEATURE_ERROR], [FEATURE_ERROR], [FEATURE_ERROR], [], []]);
  }, 120_000);
});
