import { isBelowRefundMinimum, REFUND_MINIMUM_QUANTITY } from './refunds';

describe('the refund minimum', () => {
  it('keeps dust under 0.01 of a token and refunds from 0.01 up', () => {
    expect(REFUND_MINIMUM_QUANTITY).toBe('0.01');
    expect(isBelowRefundMinimum('0.00000001')).toBe(true);
    expect(isBelowRefundMinimum('0.009')).toBe(true);
    expect(isBelowRefundMinimum('0.00999999')).toBe(true);
    expect(isBelowRefundMinimum('0.01')).toBe(false);
    expect(isBelowRefundMinimum('0.010')).toBe(false);
    expect(isBelowRefundMinimum('5.000')).toBe(false);
  });

  it('never calls a quantity it cannot read dust', () => {
    expect(isBelowRefundMinimum('')).toBe(false);
    expect(isBelowRefundMinimum('0.000000001')).toBe(false);
    expect(isBelowRefundMinimum('-1')).toBe(false);
  });
});
