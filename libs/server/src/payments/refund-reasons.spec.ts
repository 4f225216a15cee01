import { PAYMENT_REFUND_REASONS, RegistrationInvalidReasons, ShopMessages, SwapHivePaymentFailures } from '@runik/contract';
import { UnmatchedReasons } from '../chain/chain-transfers';
import { refundReasonCode } from './refund-reasons';

describe('refund reason codes', () => {
  it('gives every reason the settlement writes a code of its own kind', () => {
    const stored = [
      ...Object.values(UnmatchedReasons),
      SwapHivePaymentFailures.wrongQuantity,
      ShopMessages.limitReached,
      RegistrationInvalidReasons.underpaid,
      RegistrationInvalidReasons.alreadyPaid,
    ];
    const codes = stored.map(refundReasonCode);
    expect(codes).not.toContain('other');
    for (const code of codes) expect(PAYMENT_REFUND_REASONS).toContain(code);
    expect(refundReasonCode(UnmatchedReasons.unknownMemo)).toBe('unknown-memo');
    expect(refundReasonCode(UnmatchedReasons.rnkFromStranger)).toBe('not-registered');
    expect(refundReasonCode(RegistrationInvalidReasons.underpaid)).toBe('below-registration-fee');
  });

  it('reads the reason of a refund Hive Engine refused, which carries the failure after it', () => {
    expect(refundReasonCode(`${UnmatchedReasons.otherToken}; refund failed: Insufficient balance`)).toBe('token-not-taken');
  });

  it('answers other for a reason it does not know, or none', () => {
    expect(refundReasonCode('Something new')).toBe('other');
    expect(refundReasonCode(null)).toBe('other');
    // A known reason only as a prefix of another word is not that reason.
    expect(refundReasonCode(`${UnmatchedReasons.unknownMemo}s galore`)).toBe('other');
  });
});
