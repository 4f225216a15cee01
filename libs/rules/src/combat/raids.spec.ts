import { lootBroughtHome, RAIDS, Raider, RaidTarget, raidTerms } from './raids';

const HOUR = 3_600_000;
const now = 1_000 * HOUR;
const raider = (chLevel: number, paid = false): Raider => ({ chLevel, paid });
const veteran = (chLevel: number, paid = false): RaidTarget => ({
  chLevel,
  paid,
  registeredAtMs: now - RAIDS.newcomerShieldMs,
  hasRaided: false,
});

describe('raidTerms', () => {
  it('takes the full share from a City Hall at most 2 levels below, or any above', () => {
    for (const level of [8, 9, 10, 11, 30]) expect(raidTerms(raider(10), veteran(level), now)).toEqual({ open: true, lootPercent: 100 });
  });

  it('takes 25 percent less per level further below, and refuses more than 5 levels below', () => {
    expect(raidTerms(raider(10), veteran(7), now)).toEqual({ open: true, lootPercent: 75 });
    expect(raidTerms(raider(10), veteran(6), now)).toEqual({ open: true, lootPercent: 50 });
    expect(raidTerms(raider(10), veteran(5), now)).toEqual({ open: true, lootPercent: 25 });
    expect(raidTerms(raider(10), veteran(4), now)).toEqual({ open: false, shield: 'out-of-band' });
    expect(raidTerms(raider(30), veteran(1), now)).toEqual({ open: false, shield: 'out-of-band' });
  });

  it('shields free cities from paid raiders, not from free ones; paid cities are open to both', () => {
    expect(raidTerms(raider(4, true), veteran(4, false), now)).toEqual({ open: false, shield: 'free' });
    expect(raidTerms(raider(4, false), veteran(4, false), now)).toEqual({ open: true, lootPercent: 100 });
    expect(raidTerms(raider(4, true), veteran(4, true), now)).toEqual({ open: true, lootPercent: 100 });
    expect(raidTerms(raider(4, false), veteran(4, true), now)).toEqual({ open: true, lootPercent: 100 });
  });

  it('shields a new city for 48 hours after registration, unless it has raided someone', () => {
    const registeredAtMs = now - 47 * HOUR;
    const newcomer: RaidTarget = { chLevel: 4, paid: true, registeredAtMs, hasRaided: false };
    expect(raidTerms(raider(4, true), newcomer, now)).toEqual({
      open: false,
      shield: 'newcomer',
      shieldEndsMs: registeredAtMs + 48 * HOUR,
    });
    expect(raidTerms(raider(4, true), newcomer, registeredAtMs + 48 * HOUR)).toEqual({ open: true, lootPercent: 100 });
    expect(raidTerms(raider(4, true), { ...newcomer, hasRaided: true }, now)).toEqual({ open: true, lootPercent: 100 });
  });
});

describe('lootBroughtHome', () => {
  it('brings 80% home, rounded down: the lost part is the rest', () => {
    expect(lootBroughtHome(1_000)).toBe(800);
    expect(lootBroughtHome(1)).toBe(0);
    expect(lootBroughtHome(0)).toBe(0);
    expect(lootBroughtHome(12_345)).toBe(9_876);
  });
});
