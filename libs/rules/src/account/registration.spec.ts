import {
  LATE_ACTIVATION_FEE_USD,
  loginMessage,
  REGISTRATION_FEE_USD,
  registrationFeeThousandths,
  registrationMemo,
  registrationMemoReferrer,
} from './registration';

describe('registrationFeeThousandths', () => {
  it('is 10 USD in HIVE at the feed', () => {
    // 0.250 HBD per 1.000 HIVE: 10 USD = 40 HIVE.
    expect(registrationFeeThousandths(REGISTRATION_FEE_USD, 250, 1_000)).toBe(40_000);
    expect(registrationFeeThousandths(LATE_ACTIVATION_FEE_USD, 250, 1_000)).toBe(60_000);
  });

  it('rounds up to 3 decimals', () => {
    // 0.300 HBD per HIVE: 33.3333... HIVE -> 33.334.
    expect(registrationFeeThousandths(10, 300, 1_000)).toBe(33_334);
    // Exact results are not rounded: 0.200 HBD/HIVE -> 50.000.
    expect(registrationFeeThousandths(10, 200, 1_000)).toBe(50_000);
    // A quote other than 1 HIVE: 0.750 HBD per 3.000 HIVE is 0.25 USD/HIVE.
    expect(registrationFeeThousandths(10, 750, 3_000)).toBe(40_000);
    // 0.001 HBD over a huge quote stays exact in bigint arithmetic.
    expect(registrationFeeThousandths(10, 7, 1_000)).toBe(1_428_572);
  });

  it('refuses an empty feed', () => {
    expect(() => registrationFeeThousandths(10, 0, 1_000)).toThrow(RangeError);
    expect(() => registrationFeeThousandths(10, 250, 0)).toThrow(RangeError);
  });
});

describe('messages', () => {
  it('binds the memo to the referrer', () => {
    expect(registrationMemo('alice')).toBe('runik-registration:alice');
    expect(registrationMemo('')).toBe('runik-registration:');
  });

  it('reads the referrer back from a memo: none or a malformed name gives the default, another memo null', () => {
    expect(registrationMemoReferrer(registrationMemo('alice'))).toBe('alice');
    expect(registrationMemoReferrer(registrationMemo(''))).toBe('');
    expect(registrationMemoReferrer('runik-registration:Not A Name!')).toBe('');
    expect(registrationMemoReferrer('runik-packs:alice:1')).toBeNull();
    expect(registrationMemoReferrer('')).toBeNull();
  });

  it('puts the user, challenge and time in the signed login message', () => {
    const message = loginMessage('alice', 'c0ffee', 1_700_000_000_000);
    expect(message).toContain('@alice');
    expect(message).toContain('c0ffee');
    expect(message).toContain('1700000000000');
    expect(loginMessage('bob', 'c0ffee', 1_700_000_000_000)).not.toBe(message);
  });
});
