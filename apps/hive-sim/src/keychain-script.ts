import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The /keychain.js script: dhive's browser bundle, then the dev wallet installed with the
 * sim password. The bundle runs with its own `module`, so it neither needs nor overwrites
 * a page's `window.dhive` or AMD loader; the sim URL comes from the script's own src.
 */
export function buildKeychainScript(password: string): string {
  const dhiveBundle = readFileSync(require.resolve('@hiveio/dhive/dist/dhive.js'), 'utf8');
  const wallet = readFileSync(join(__dirname, 'dev-wallet.js'), 'utf8');
  return [
    '(function () {',
    'var module = { exports: {} }, exports = module.exports;',
    dhiveBundle,
    ';',
    wallet,
    `installDevWallet(window, module.exports, ${JSON.stringify(password)}, new URL('.', document.currentScript.src).href);`,
    '})();',
    '',
  ].join('\n');
}
