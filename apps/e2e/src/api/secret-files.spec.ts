import axios from 'axios';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiRoutes } from '@runik/contract';
import { grant, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { devKey, engineBalance } from '../support/hive';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * Secrets stay files (docker/compose.yml mounts them in /run/secrets, SECRETS_DIR): a production worker signs
 * withdrawals with the active key read from its file, and the api checks the ops password from its file; neither
 * is in the process's environment (/proc/<pid>/environ, what `docker inspect` and anything reading it would show).
 */
const workerSecrets = mkdtempSync(join(tmpdir(), 'runik-worker-secrets-'));
const apiSecrets = mkdtempSync(join(tmpdir(), 'runik-api-secrets-'));
const activeKey = devKey(GAME_ACCOUNT, 'active').toString();
const opsPassword = 'ops-password-from-a-file';
// Compose's files end with a newline when written by `openssl rand ... > file`.
writeFileSync(join(workerSecrets, 'GAME_ACCOUNT_ACTIVE_KEY'), `${activeKey}\n`);
writeFileSync(join(apiSecrets, 'BULL_BOARD_PASSWORD'), `${opsPassword}\n`);

let stack: Stack;
beforeAll(
  async () =>
    (stack = await startStack({
      engineDelayMs: 100,
      extraEnv: { SECRETS_DIR: apiSecrets },
      // Production refuses to start a worker without the key, and never falls back to hive-sim's dev key.
      workerEnv: { SECRETS_DIR: workerSecrets, NODE_ENV: 'production' },
    })),
);
afterAll(async () => {
  await stack?.stop();
  for (const dir of [workerSecrets, apiSecrets]) rmSync(dir, { recursive: true, force: true });
});

const environOf = (pid: number | undefined) => readFileSync(`/proc/${pid}/environ`, 'utf8');

describe('secrets read from files', () => {
  it('sign withdrawals in a production worker and guard the ops routes, never entering the environment', async () => {
    const player = await newPaidCityPlayer(stack, 'secw');
    await grant(stack, player, 'runik', 2_000);
    const before = Number(await engineBalance(stack.simUrl, player.username, 'RNK'));
    expect((await player.api.post(ApiRoutes.withdraw(player.username), { amount: 2 })).status).toBe(200);
    expect((await settledWithdrawal(stack, player)).status).toBe('completed');
    expect(Number(await engineBalance(stack.simUrl, player.username, 'RNK'))).toBe(before + 2);

    const ops = (password: string) =>
      axios.get(`${stack.apiUrl}${ApiRoutes.adminChainTransfers}`, { auth: { username: 'admin', password }, validateStatus: () => true });
    expect((await ops(opsPassword)).status).toBe(200);
    // The file wins over the environment's value.
    expect((await ops(BULL_BOARD_PASSWORD)).status).toBe(401);

    const { api, worker } = stack.processes();
    expect(environOf(worker?.pid)).not.toContain(activeKey);
    expect(environOf(api.pid)).not.toContain(opsPassword);
    expect(environOf(worker?.pid)).toContain(`SECRETS_DIR=${workerSecrets}`);
  }, 120_000);
});
