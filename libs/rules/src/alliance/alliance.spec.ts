import { ALLIANCE_ICONS, allianceExpansionCost, isValidAllianceTag, normalizeAllianceTag } from './alliance';

describe('alliance rules', () => {
  it('prices each extra place 10,000 RUNIK more, up to 10 members', () => {
    expect(allianceExpansionCost(2)).toBe(10_000);
    expect(allianceExpansionCost(9)).toBe(80_000);
    expect(allianceExpansionCost(10)).toBeNull();
  });

  it('upper-cases tags and accepts exactly 3 letters or digits', () => {
    expect(normalizeAllianceTag(' ab1 ')).toBe('AB1');
    expect(isValidAllianceTag('AB1')).toBe(true);
    expect(isValidAllianceTag('AB')).toBe(false);
    expect(isValidAllianceTag('ABCD')).toBe(false);
    expect(isValidAllianceTag('A-B')).toBe(false);
  });

  it('offers the spec’s 16 icons', () => {
    expect(ALLIANCE_ICONS).toHaveLength(16);
    expect(ALLIANCE_ICONS.find((icon) => icon.id === 'bolt')?.label).toBe('Lightning');
    expect(ALLIANCE_ICONS.find((icon) => icon.id === 'swordsPower')?.label).toBe('Blades');
  });
});
