import { ATTACK_CHARGE_REGEN_MS, ATTACK_CHARGES_MAX, currentCharges, spendCharge } from './attack-charges';

const HOUR = ATTACK_CHARGE_REGEN_MS;
const T0 = Date.UTC(2026, 10, 21, 12);

describe('attack charges', () => {
  it('are full with no countdown when stored full', () => {
    expect(currentCharges({ charges: ATTACK_CHARGES_MAX, anchorMs: T0 - 10 * HOUR }, T0)).toEqual({ charges: 5, nextRegenInMs: 0 });
  });

  it('regenerate one per period, lazily, up to the maximum', () => {
    expect(currentCharges({ charges: 2, anchorMs: T0 }, T0 + 1.5 * HOUR)).toEqual({ charges: 3, nextRegenInMs: 0.5 * HOUR });
    expect(currentCharges({ charges: 0, anchorMs: T0 }, T0 + 30 * HOUR)).toEqual({ charges: 5, nextRegenInMs: 0 });
  });

  it('spending from full starts the regeneration clock now', () => {
    expect(spendCharge({ charges: 5, anchorMs: T0 - 3 * HOUR }, T0)).toEqual({ charges: 4, anchorMs: T0 });
  });

  it('spending keeps a partly regenerated charge’s progress', () => {
    const after = spendCharge({ charges: 1, anchorMs: T0 }, T0 + 2.25 * HOUR)!;
    expect(after).toEqual({ charges: 2, anchorMs: T0 + 2 * HOUR });
    expect(currentCharges(after, T0 + 2.25 * HOUR).nextRegenInMs).toBe(0.75 * HOUR);
  });

  it('refuses when none is left', () => {
    expect(spendCharge({ charges: 0, anchorMs: T0 }, T0 + HOUR - 1)).toBeNull();
  });
});
