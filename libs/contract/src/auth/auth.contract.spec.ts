import { freeRegistrationSchema, initiateRegistrationSchema, verifyLoginSchema } from './auth.contract';

const signed = {
  hiveUsername: 'alice',
  challenge: 'ab'.repeat(32),
  signature: '1f'.repeat(65),
  timestamp: 1_795_000_000_000,
};

describe('auth request schemas', () => {
  it('accept well-formed requests', () => {
    expect(verifyLoginSchema.safeParse(signed).success).toBe(true);
    expect(freeRegistrationSchema.safeParse({ ...signed, referrer: '' }).success).toBe(true);
    expect(
      initiateRegistrationSchema.safeParse({ hiveUsername: 'alice', transactionId: 'a'.repeat(40), referrer: 'bob', feeInHive: '40.000' })
        .success,
    ).toBe(true);
  });

  it('reject unknown fields with a message naming them', () => {
    const result = verifyLoginSchema.safeParse({ ...signed, admin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/admin/);
  });

  it.each([
    ['a number as name', { hiveUsername: 7 }],
    ['an invalid name', { hiveUsername: 'Alice' }],
    ['a short challenge', { challenge: 'ab' }],
    ['a non-hex signature', { signature: 'zz'.repeat(65) }],
    ['a string timestamp', { timestamp: '1795000000000' }],
    ['a fractional timestamp', { timestamp: 1.5 }],
  ])('reject %s', (_case, patch) => {
    expect(verifyLoginSchema.safeParse({ ...signed, ...patch }).success).toBe(false);
  });

  it.each(['40', '40.5', '0.001'])('accept the fee %s', (feeInHive) => {
    expect(
      initiateRegistrationSchema.safeParse({ hiveUsername: 'alice', transactionId: 'a'.repeat(40), referrer: '', feeInHive }).success,
    ).toBe(true);
  });

  it.each(['-1', '1.0001', '1e3', '', ' 1', '1,5'])('reject the fee %j', (feeInHive) => {
    expect(
      initiateRegistrationSchema.safeParse({ hiveUsername: 'alice', transactionId: 'a'.repeat(40), referrer: '', feeInHive }).success,
    ).toBe(false);
  });

  it('accepts a Hive Engine id with an operation index and refuses other ids', () => {
    const base = { hiveUsername: 'alice', referrer: '', feeInHive: '40.000' };
    expect(initiateRegistrationSchema.safeParse({ ...base, transactionId: `${'b'.repeat(40)}-2` }).success).toBe(true);
    for (const transactionId of ['B'.repeat(40), 'b'.repeat(39), `${'b'.repeat(40)}-x`, 42]) {
      expect(initiateRegistrationSchema.safeParse({ ...base, transactionId }).success).toBe(false);
    }
  });
});
