import { ApiRoutes } from '@runik/contract';
import type { ReferredPlayersResponse } from '@runik/contract';
import { apiClient, registerFree, settledStatus } from '../support/api-client';
import { payRegistration, uniqueUsername } from '../support/hive';
import { queryDatabase } from '../support/database';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

async function referredPlayers(username: string, token: string): Promise<ReferredPlayersResponse> {
  const response = await apiClient(stack.apiUrl, token).get<ReferredPlayersResponse>(ApiRoutes.referredPlayers(username));
  expect(response.status).toBe(200);
  return response.data;
}

describe('referred players', () => {
  it('starts empty', async () => {
    const username = uniqueUsername('lonely');
    const { token } = await registerFree(apiClient(stack.apiUrl), username);
    expect(await referredPlayers(username, token)).toEqual({ referredPlayers: [], totalReferred: 0, totalRegistered: 0 });
  });

  it('lists free and paid referrals with their counts; registered means a paid activation', async () => {
    const api = apiClient(stack.apiUrl);
    const referrer = uniqueUsername('host');
    const { token } = await registerFree(api, referrer);
    const freeOne = uniqueUsername('free');
    await registerFree(api, freeOne, referrer);
    const paidOne = uniqueUsername('paid');
    const transactionId = await payRegistration(stack.simUrl, paidOne, '40.000', referrer);
    await api.post(ApiRoutes.initiateRegistration, { hiveUsername: paidOne, transactionId, referrer, feeInHive: '40.000' });
    expect((await settledStatus(api, transactionId)).status).toBe('confirmed');
    // Someone else's referral and a self-referral do not count for this referrer.
    await registerFree(api, uniqueUsername('other'));
    const selfish = uniqueUsername('self');
    await registerFree(api, selfish, selfish);

    const result = await referredPlayers(referrer, token);
    expect(result.totalReferred).toBe(2);
    expect(result.totalRegistered).toBe(1);
    expect(result.referredPlayers.map(({ username, isRegistered }) => ({ username, isRegistered }))).toEqual([
      { username: paidOne, isRegistered: true },
      { username: freeOne, isRegistered: false },
    ]);
    for (const player of result.referredPlayers) {
      expect(Math.abs(Date.parse(player.joinedDate) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('falls back to the default referrer for an unknown referrer or oneself', async () => {
    const api = apiClient(stack.apiUrl);
    const ghostReferred = uniqueUsername('ghost');
    await registerFree(api, ghostReferred, 'nobody.here');
    const selfReferred = uniqueUsername('mirror');
    await registerFree(api, selfReferred, selfReferred);
    const rows = await queryDatabase(stack.database.url, 'SELECT referrer FROM players WHERE hive_username = ANY($1)', [[ghostReferred, selfReferred]]);
    expect(rows).toEqual([{ referrer: GAME_ACCOUNT }, { referrer: GAME_ACCOUNT }]);
  });
});
