import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's eslint.config.mjs, the one `npm run lint` runs, on files planted where the web app's code lives
// (they exist only as text here). Only the layering rule is run: the others are not what these files test.
// Vitest runs from the repository or from apps/web: the root is the nearest folder up holding the config.
function configFolder(folder: string): string {
  if (existsSync(join(folder, 'eslint.config.mjs'))) return folder;
  if (dirname(folder) === folder) throw new Error('eslint.config.mjs not found above the working directory');
  return configFolder(dirname(folder));
}
const root = `${configFolder(process.cwd())}/`;
let eslint: ESLint;

// Generous: the first lint loads the parser and the config's plugins, slowly on a loaded machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });
  await eslint.lintText('', { filePath: `${root}apps/web/src/main.tsx` });
}, 120_000);

/** The layering errors ESLint reports for `code` as the file `path` under apps/web/src. */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${path}` });
  return result.messages.map(({ ruleId, message }) => `${ruleId}: ${message}`);
}

const FEATURE_ERROR = expect.stringMatching(/^no-restricted-imports: .*A web feature imports its own folder, ui\/, shared\//);
const BELOW_ERROR = expect.stringMatching(/^no-restricted-imports: .*lie below the features/);

describe('the web app holds its shape', () => {
  it('A cross-feature import in the web app fails `npm run lint`', async () => {
    expect(await layerErrors('features/trading/planted.ts', "export { gearKeys } from '../gears/gear-api';\n")).toEqual([FEATURE_ERROR]);
    expect(await layerErrors('features/city/popups/planted.tsx', "import { formatLoot } from '../../attack/attack-format';\n")).toEqual([
      FEATURE_ERROR,
    ]);
    // A spec is held to it too: a fixture another feature needs belongs in testing/.
    expect(
      await layerErrors('features/alliance-chat/planted.spec.tsx', "import { openAlliance } from '../alliance/alliance-fixtures';\n"),
    ).toEqual([FEATURE_ERROR]);
  });

  it('refuses a feature importing app/, or test support outside specs and fixtures', async () => {
    expect(await layerErrors('features/gears/planted.ts', "import { AppShell } from '../../app/AppShell';\n")).toEqual([FEATURE_ERROR]);
    expect(await layerErrors('features/city/quests/planted.tsx', "import { useLogout } from '../../../app/use-logout';\n")).toEqual([
      FEATURE_ERROR,
    ]);
    expect(await layerErrors('features/gears/planted.ts', "import { gear } from '../../testing/gear-fixtures';\n")).toEqual([
      FEATURE_ERROR,
    ]);
    expect(await layerErrors('features/gears/planted-fixtures.ts', "export { gear } from '../../testing/gear-fixtures';\n")).toEqual([]);
  });

  it('lets a feature use its own folder and what lies below the features', async () => {
    const code = [
      "import { cityKeys } from '../../../shared/query-keys';",
      "import { Modal } from '../../../ui/Modal';",
      "import { httpClient } from '../../../api/http-client';",
      "import { getKeychain } from '../../../wallet/keychain';",
      "import { useCity } from '../city-api';",
      "import { CostList } from './CostList';",
      "import { formatCount } from '@runik/rules';",
      'export { cityKeys, Modal, httpClient, getKeychain, useCity, CostList, formatCount };',
      '',
    ].join('\n');
    expect(await layerErrors('features/city/popups/planted.tsx', code)).toEqual([]);
  });

  it('refuses ui/, shared/, api/ and wallet/ reaching up into a feature or app/', async () => {
    expect(await layerErrors('shared/planted.ts', "export { useInbox } from '../features/notifications/notifications-api';\n")).toEqual([
      BELOW_ERROR,
    ]);
    expect(await layerErrors('ui/icons/planted.tsx', "export { AppShell } from '../../app/AppShell';\n")).toEqual([BELOW_ERROR]);
    expect(await layerErrors('wallet/planted.ts', "export { renderApp } from '../testing/render';\n")).toEqual([BELOW_ERROR]);
  });
});
