import { ApiRoutes } from '@runik/contract';
import { apiClient, signedChallenge } from '../support/api-client';
import { countRows } from '../support/database';
import { uniqueUsername } from '../support/hive';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const TX = 'a'.repeat(40);

/** Each bad call must answer 400 with a message and store nothing. */
async function expectRejected(call: () => Promise<{ status: number; data: unknown }>): Promise<void> {
  const before = await Promise.all([
    countRows(stack.database.url, 'players'),
    countRows(stack.database.url, 'registrations'),
    countRows(stack.database.url, 'sessions'),
  ]);
  const response = await call();
  expect(response.status).toBe(400);
  expect(response.data).toEqual({ error: expect.any(String) });
  expect((response.data as { error: string }).error.length).toBeGreaterThan(5);
  const after = await Promise.all([
    countRows(stack.database.url, 'players'),
    countRows(stack.database.url, 'registrations'),
    countRows(stack.database.url, 'sessions'),
  ]);
  expect(after).toEqual(before);
}

describe('bad input', () => {
  it.each(['ab', 'a'.repeat(17), 'Alice', 'al ice', 'al_ice', '1alice', 'alice-', 'al..ice', 'alice.x', '-alice', 'al%2Fice'])(
    'refuses the name %j',
    async (name) => {
      const api = apiClient(stack.apiUrl);
      await expectRejected(() => api.get(ApiRoutes.loginChallenge(name)));
      await expectRejected(() => api.get(ApiRoutes.hiveBalance(name)));
      await expectRejected(() =>
        api.post(ApiRoutes.initiateRegistration, { hiveUsername: name, transactionId: TX, referrer: '', feeInHive: '40.000' }),
      );
    },
  );

  it('refuses wrong types', async () => {
    const api = apiClient(stack.apiUrl);
    const good = { hiveUsername: uniqueUsername('typed'), transactionId: TX, referrer: '', feeInHive: '40.000' };
    for (const patch of [
      { hiveUsername: 42 },
      { hiveUsername: ['alice'] },
      { transactionId: 12345 },
      { transactionId: 'not-a-tx' },
      { feeInHive: 40 },
      { feeInHive: '-40.000' },
      { feeInHive: '40.0001' },
      { feeInHive: '1e3' },
      { feeInHive: 'NaN' },
      { referrer: null },
      { referrer: 'Bad Name' },
    ]) {
      await expectRejected(() => api.post(ApiRoutes.initiateRegistration, { ...good, ...patch }));
    }
    const signed = await signedChallenge(api, uniqueUsername('typed'));
    await expectRejected(() => api.post(ApiRoutes.verifyLogin, { ...signed, timestamp: String(signed.timestamp) }));
    await expectRejected(() => api.post(ApiRoutes.verifyLogin, { ...signed, signature: 'zz' }));
    await expectRejected(() => api.post(ApiRoutes.freeRegistration, { ...signed }));
    await expectRejected(() => api.get(ApiRoutes.transactionStatus('xyz')));
  });

  it('refuses unknown fields', async () => {
    const api = apiClient(stack.apiUrl);
    const signed = await signedChallenge(api, uniqueUsername('extra'));
    await expectRejected(() => api.post(ApiRoutes.freeRegistration, { ...signed, referrer: '', canWithdraw: true }));
    await expectRejected(() => api.post(ApiRoutes.verifyLogin, { ...signed, admin: true }));
    await expectRejected(() =>
      api.post(ApiRoutes.initiateRegistration, {
        hiveUsername: uniqueUsername('extra'),
        transactionId: TX,
        referrer: '',
        feeInHive: '40.000',
        status: 'confirmed',
      }),
    );
  });

  it('refuses malformed and oversized bodies', async () => {
    const api = apiClient(stack.apiUrl);
    await expectRejected(() => api.post(ApiRoutes.verifyLogin, '{"hiveUsername":', { headers: { 'content-type': 'application/json' } }));
    await expectRejected(() => api.post(ApiRoutes.verifyLogin, [1, 2, 3]));
    await expectRejected(() =>
      api.post(ApiRoutes.freeRegistration, { hiveUsername: uniqueUsername('huge'), referrer: '', padding: 'x'.repeat(64 * 1024) }),
    );
  });
});
