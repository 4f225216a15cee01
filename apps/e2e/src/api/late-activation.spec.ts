import { ApiRoutes, ErrorMessages } from '@runik/contract';
import type { DepositCheckResponse, LateActivationPreviewResponse, WithdrawStatusResponse } from '@runik/contract';
import { apiClient, settledStatus } from '../support/api-client';
import { cityOf, CityPlayer, grant, newCityPlayer, newPaidCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { payRegistration, sendToken } from '../support/hive';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, Stack } from '../support/stack';

/**
 * The activation view's preview (issue 44, `GET /api/late-activation/{username}`): before a free player pays
 * the late fee it says what becomes withdrawable at once, what the budget releases (up to 300 RUNIK, today
 * as far as the releases' slice allows) and what stays game-only; the activation then does exactly that.
 */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

/** The sim's feed is 0.250 HBD per HIVE: 15 USD is 60 HIVE. */
const LATE_FEE = '60.000';

async function deposited(player: CityPlayer, amount: string): Promise<void> {
  const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', amount, 'deposit');
  await player.api.post(ApiRoutes.depositInit(player.username), { amount, txId });
  const check = () => player.api.get<DepositCheckResponse>(ApiRoutes.depositCheck(txId, player.username, amount)).then(({ data }) => data);
  expect(await eventually(check, ({ status }) => status !== 'pending', 30_000)).toMatchObject({ status: 'completed' });
}

async function playerRow(player: CityPlayer) {
  const [row] = await queryDatabase<{ activation: string; locked: string; waiting: string }>(
    stack.database.url,
    'SELECT activation, locked_runik AS locked, release_waiting AS waiting FROM players WHERE id = $1',
    [player.playerId],
  );
  return { activation: row.activation, locked: Number(row.locked) / 1000, waiting: Number(row.waiting) / 1000 };
}

describe('the late activation preview', () => {
  it('says what the activation then does: deposits withdrawable at once, up to 300 RUNIK released, the rest game-only', async () => {
    const player = await newCityPlayer(stack, 'lateprev');
    await deposited(player, '25.500');
    // 60,000 wheat: 300 RUNIK before the 10% tax, 270 after, minted game-only (a free account's conversion).
    await grant(stack, player, 'wheat', 60_000_000);
    const converted = await player.api.post(ApiRoutes.cityConvert(player.username), { selectedResources: ['wheat'], amount: 60_000 });
    expect(converted.status).toBe(200);
    // And 100 RUNIK more of game-only RUNIK (as a free player's quest rewards leave it), so more than 300 is game-only.
    await grant(stack, player, 'runik', 100_000);
    await queryDatabase(stack.database.url, 'UPDATE players SET locked_runik = locked_runik + 100000 WHERE id = $1', [player.playerId]);
    const held = (await cityOf(player)).resources.runik;
    const gameOnly = (await playerRow(player)).locked;
    expect(gameOnly).toBeGreaterThan(300);

    const response = await player.api.get<LateActivationPreviewResponse>(ApiRoutes.lateActivation(player.username));
    expect(response.status).toBe(200);
    const preview = response.data;
    expect(preview).toMatchObject({
      feeInHive: LATE_FEE,
      feeUsd: 15,
      runik: held,
      withdrawableAtOnce: 25.5,
      releaseUpTo: 300,
      releaseCap: 300,
      staysGameOnly: Number((gameOnly - 300).toFixed(3)),
    });
    expect(preview.releasedToday).toBe(Math.min(300, preview.releasesLeftToday));
    expect(Number((preview.releasedToday + preview.releaseWaiting).toFixed(3))).toBe(300);

    // The player pays the late fee it was shown.
    const transactionId = await payRegistration(stack.simUrl, player.username, preview.feeInHive);
    await apiClient(stack.apiUrl).post(ApiRoutes.initiateRegistration, {
      hiveUsername: player.username,
      transactionId,
      referrer: '',
      feeInHive: preview.feeInHive,
    });
    expect(await settledStatus(apiClient(stack.apiUrl), transactionId, 60_000)).toMatchObject({ status: 'confirmed' });

    const status = await player.api.get<WithdrawStatusResponse>(ApiRoutes.withdrawStatus(player.username));
    expect(status.data.withdrawableRunik).toBe(Number((preview.withdrawableAtOnce + preview.releasedToday).toFixed(3)));
    expect(await playerRow(player)).toEqual({
      activation: 'paid',
      waiting: preview.releaseWaiting,
      // What waits is game-only until its day's slice releases it.
      locked: Number((preview.staysGameOnly + preview.releaseWaiting).toFixed(3)),
    });
    expect((await cityOf(player)).canWithdraw).toBe(true);

    // Activated: there is nothing left to preview.
    const again = await player.api.get(ApiRoutes.lateActivation(player.username));
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: ErrorMessages.alreadyActivated });
  });

  it("refuses another player's preview (403), a paid player's (409) and a call without a session (401)", async () => {
    const [free, other, paid] = await Promise.all([
      newCityPlayer(stack, 'lateown'),
      newCityPlayer(stack, 'lateoth'),
      newPaidCityPlayer(stack, 'latepaid'),
    ]);
    const foreign = await other.api.get(ApiRoutes.lateActivation(free.username));
    expect(foreign.status).toBe(403);
    expect(foreign.data).toEqual({ error: ErrorMessages.notYourAccount });

    const alreadyPaid = await paid.api.get(ApiRoutes.lateActivation(paid.username));
    expect(alreadyPaid.status).toBe(409);
    expect(alreadyPaid.data).toEqual({ error: ErrorMessages.alreadyActivated });

    const anonymous = await apiClient(stack.apiUrl).get(ApiRoutes.lateActivation(free.username));
    expect(anonymous.status).toBe(401);

    // A fresh free account: nothing to release, the fee quoted.
    const own = await free.api.get<LateActivationPreviewResponse>(ApiRoutes.lateActivation(free.username));
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ feeInHive: LATE_FEE, withdrawableAtOnce: 0, releaseUpTo: 0, staysGameOnly: 0 });
  });
});
