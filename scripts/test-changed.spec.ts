import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** What `npm run test:changed` would run for a change of these files (`--list --files`: the same selection, nothing run). */
function wouldRun(...files: string[]): { jest: string[]; vitest: string[] } {
  const printed = execFileSync(process.execPath, ['scripts/test-changed.mjs', '--list', '--files', ...files], {
    cwd: resolve(__dirname, '..'),
    encoding: 'utf8',
  });
  const [, jest, vitest] = printed.split(/^(?:Jest|Vitest) would run.*$/m);
  const paths = (section: string) =>
    section
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  return { jest: paths(jest), vitest: paths(vitest) };
}

describe('npm run test:changed', () => {
  it('runs, after a change in libs/rules/src/combat/army.ts, the server and system tests importing it through @runik/rules, and the web tests', () => {
    const { jest, vitest } = wouldRun('libs/rules/src/combat/army.ts');
    expect(jest).toEqual(
      expect.arrayContaining([
        'libs/rules/src/combat/army.spec.ts',
        // The guard keeping the database's army power in step with the rules.
        'libs/server/src/city/army-power-sql.spec.ts',
        'apps/e2e/src/api/attack.spec.ts',
      ]),
    );
    expect(vitest).toContain('apps/web/src/features/attack/attack-page.spec.tsx');
  });

  it('runs no web test for a change the web app cannot reach (libs/server), only the tests importing it', () => {
    const { jest, vitest } = wouldRun('libs/server/src/quests/quests.service.ts');
    expect(jest).toContain('libs/server/src/quests/quests.service.spec.ts');
    expect(jest).not.toContain('libs/server/src/city/army-power-sql.spec.ts');
    expect(vitest).toEqual([]);
  });
});
