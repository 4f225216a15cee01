import { UNIT_KEYS } from '../city/balance-sheet';
import { UNIT_POWER } from '../combat/army';
import { troopRunikMillionths } from '../money/runik-value';
import {
  BOSS_REWARD_CEILING,
  bossMaxHp,
  bossReward,
  CITADEL_DAILY_REWARD_CAP,
  CITADEL_REWARD_PERCENT_OF_LOSSES,
  citadelCasualties,
  citadelHit,
  citadelLossPerDamagePoint,
  citadelPayout,
  hitsToDefeat,
  MAX_COMMANDER_BOOST,
} from './citadel';

describe('citadel casualties', () => {
  it('keeps the spec rates: 0.5% × n dead and 1% × n injured of each type', () => {
    expect(citadelCasualties({ infantry: 1_000, archers: 2_000, cavalries: 400 }, 1)).toEqual({
      dead: { infantry: 5, archers: 10, cavalries: 2 },
      injured: { infantry: 10, archers: 20, cavalries: 4 },
    });
    expect(citadelCasualties({ infantry: 1_000, archers: 0, cavalries: 0 }, 3).dead.infantry).toBe(15);
  });

  it('rounds a positive loss up: one infantry loses itself, a type that did not fight loses nothing', () => {
    expect(citadelCasualties({ infantry: 1, archers: 0, cavalries: 0 }, 1)).toEqual({
      dead: { infantry: 1, archers: 0, cavalries: 0 },
      injured: { infantry: 0, archers: 0, cavalries: 0 },
    });
    expect(citadelCasualties({ infantry: 150, archers: 0, cavalries: 0 }, 1)).toEqual({
      dead: { infantry: 1, archers: 0, cavalries: 0 },
      injured: { infantry: 2, archers: 0, cavalries: 0 },
    });
  });

  it('never takes more than there is', () => {
    const { dead, injured } = citadelCasualties({ infantry: 10, archers: 3, cavalries: 1 }, 150);
    for (const unit of UNIT_KEYS) expect(dead[unit] + injured[unit]).toBeLessThanOrEqual({ infantry: 10, archers: 3, cavalries: 1 }[unit]);
    expect(dead).toEqual({ infantry: 8, archers: 3, cavalries: 1 });
  });
});

describe('citadel rewards', () => {
  it('pays per point of damage less than the dead cost, whatever the army, boost or floor', () => {
    const lossPerPoint = citadelLossPerDamagePoint();
    // Each troop type at the strongest boost, first attack of the day: RUNIK of its dead per power point of damage.
    for (const unit of UNIT_KEYS) {
      const deadRunikPerPoint =
        ((troopRunikMillionths(unit) / 1000) * 0.005) / ((UNIT_POWER[unit] / 1000) * (1 + MAX_COMMANDER_BOOST / 10_000));
      expect(lossPerPoint).toBeLessThanOrEqual(deadRunikPerPoint);
    }
    for (const floor of [1, 2, 5, 10, 30, 80]) {
      const rewardPerPoint = bossReward(floor) / (bossMaxHp(floor) / 1000);
      expect(rewardPerPoint).toBeLessThan(lossPerPoint);
      expect(rewardPerPoint).toBeLessThanOrEqual((lossPerPoint * CITADEL_REWARD_PERCENT_OF_LOSSES) / 100);
    }
  });

  it('grows x1.2 a floor up to a ceiling', () => {
    expect(bossReward(2)).toBe(Math.floor(bossReward(1) * 1.2));
    expect(bossReward(200)).toBe(BOSS_REWARD_CEILING);
    for (let floor = 1; floor < 200; floor++) expect(bossReward(floor + 1)).toBeGreaterThanOrEqual(bossReward(floor));
  });

  it('cuts each share to what is left of the daily cap and never mints the rest', () => {
    const damages = [
      { playerId: 1, damage: 2 },
      { playerId: 2, damage: 1 },
      { playerId: 3, damage: 1 },
    ];
    const reward = 40_001;
    const { paid, remainder, withheld } = citadelPayout(
      reward,
      damages,
      new Map([
        [1, CITADEL_DAILY_REWARD_CAP - 3_000],
        [3, CITADEL_DAILY_REWARD_CAP],
      ]),
    );
    expect([...paid]).toEqual([
      [1, 3_000],
      [2, 10_000],
      [3, 0],
    ]);
    expect(remainder).toBe(1);
    expect(withheld).toBe(20_000 - 3_000 + 10_000);
    expect([...paid.values()].reduce((sum, share) => sum + share, 0) + remainder + withheld).toBe(reward);
  });

  it('counts the hit points left in the total, so a share read before the defeat is the one paid at it', () => {
    const before = citadelPayout(1_800, [{ playerId: 1, damage: 25_600 }], new Map(), 74_400);
    // 1,800 × 25,600 / 100,000 = 460.8: the sole participant so far is not shown the whole reward.
    expect(before.paid.get(1)).toBe(460);
    const after = citadelPayout(
      1_800,
      [
        { playerId: 1, damage: 25_600 },
        { playerId: 2, damage: 74_400 },
      ],
      new Map(),
    );
    expect(after.paid.get(1)).toBe(460);
    expect(after.paid.get(1)! + after.paid.get(2)! + after.remainder).toBe(1_800);
  });

  it('caps a day of rewards: once reached, nothing more until 08:00 Manila', () => {
    const first = citadelPayout(CITADEL_DAILY_REWARD_CAP * 2, [{ playerId: 7, damage: 1 }], new Map());
    expect(first.paid.get(7)).toBe(CITADEL_DAILY_REWARD_CAP);
    expect(citadelPayout(1_000, [{ playerId: 7, damage: 1 }], new Map([[7, CITADEL_DAILY_REWARD_CAP]])).paid.get(7)).toBe(0);
  });
});

describe('citadelHit and hitsToDefeat', () => {
  const army = { infantry: 100, archers: 0, cavalries: 0 };
  const noBonus = { infantry: 0, archers: 0, cavalries: 0 };

  it("deals the army's power, at most the hit points left, with the day's casualties", () => {
    expect(citadelHit(army, noBonus, 1, 50_000)).toEqual({ damage: 1_000, ...citadelCasualties(army, 1) });
    expect(citadelHit(army, noBonus, 2, 400).damage).toBe(400);
  });

  it('tells roughly how many hits fell the boss at this power', () => {
    expect(hitsToDefeat(army, noBonus, 100_000)).toBe(100);
    expect(hitsToDefeat(army, { ...noBonus, infantry: 25 }, 100_000)).toBe(80);
    expect(hitsToDefeat(army, noBonus, 999)).toBe(1);
    expect(hitsToDefeat(army, noBonus, 0)).toBe(0);
    expect(hitsToDefeat({ infantry: 0, archers: 0, cavalries: 0 }, noBonus, 100_000)).toBeNull();
  });
});
