import { NO_COMMANDER_BONUSES, noTroops } from '../combat/army';
import { MAX_CITY_HALL_LEVEL } from '../city/balance-sheet';
import { resolveThroneBattle, throneRewardLevels, throneSidePower, ThroneFighter } from './throne';

const fighter = (playerId: number, infantry: number, archers = 0, cavalries = 0, bonuses = NO_COMMANDER_BONUSES): ThroneFighter => ({
  playerId,
  troops: { infantry, archers, cavalries },
  bonuses,
});

describe('throne battle', () => {
  it('sums each participant power with their own boosts (0.01 / 0.021 / 0.036 per unit)', () => {
    // 100 infantry at +50% = 1.5, 100 archers = 2.1, 10 cavalry at +10% = 0.396 power points.
    const power = throneSidePower([
      fighter(1, 100, 0, 0, { infantry: 50, archers: 0, cavalries: 0 }),
      fighter(2, 0, 100, 10, { infantry: 0, archers: 0, cavalries: 10 }),
    ]);
    expect(power).toBe(1_500 + 2_100 + 396);
  });

  it('gives an empty throne to any attacker, without losses', () => {
    const outcome = resolveThroneBattle([fighter(1, 5)], []);
    expect(outcome.winner).toBe('attacker');
    expect(outcome.attackers[0]).toEqual({
      playerId: 1,
      survivors: { infantry: 5, archers: 0, cavalries: 0 },
      dead: noTroops(),
      injured: noTroops(),
    });
  });

  it('lets the garrison hold a tie, and the loser loses everything committed (40% dead)', () => {
    const outcome = resolveThroneBattle([fighter(1, 100)], [fighter(2, 100)]);
    expect(outcome.winner).toBe('defender');
    expect(outcome.attackers[0]).toMatchObject({ survivors: noTroops(), dead: { infantry: 40 }, injured: { infantry: 60 } });
    // The winner loses loser/winner = 100% too when the sides are equal.
    expect(outcome.defenders[0].survivors).toEqual(noTroops());
  });

  it('makes the winner lose the share loser power / winner power, rounded down', () => {
    const outcome = resolveThroneBattle([fighter(1, 300), fighter(3, 0, 0, 100)], [fighter(2, 100), fighter(4, 50)]);
    // Attack: 3 + 3.6 = 6.6; garrison 1.5: the attackers lose 1.5 / 6.6 of each type.
    expect(outcome.winner).toBe('attacker');
    expect(outcome.attackers[0].survivors.infantry).toBe(300 - Math.floor((300 * 1_500) / 6_600));
    expect(outcome.attackers[1].survivors.cavalries).toBe(100 - Math.floor((100 * 1_500) / 6_600));
    expect(outcome.defenders.map((defender) => defender.survivors)).toEqual([noTroops(), noTroops()]);
    for (const side of [outcome.attackers, outcome.defenders]) {
      for (const result of side) {
        for (const unit of ['infantry', 'archers', 'cavalries'] as const) {
          expect(result.dead[unit] + result.injured[unit] + result.survivors[unit]).toBe(
            [fighter(1, 300), fighter(3, 0, 0, 100), fighter(2, 100), fighter(4, 50)].find((f) => f.playerId === result.playerId)!.troops[
              unit
            ],
          );
        }
      }
    }
  });
});

describe('throne reward levels', () => {
  const levels = { wheat: 3, lumber: 3, stone: 2, ore: 1, quarters: 3, archery: 1, stables: 1 };

  it('raises City Hall and every unlocked building, as far as the raised City Hall allows', () => {
    // City Hall 4 -> 6: stone (unlock 2) may reach 5, ore (unlock 3) 4, stables (unlock 5) 2.
    expect(throneRewardLevels(4, levels, 2)).toEqual({
      chLevel: 6,
      levels: { wheat: 5, lumber: 5, stone: 4, ore: 3, quarters: 5, archery: 3, stables: 2 },
    });
  });

  it('leaves buildings still locked alone and stops at the maximum City Hall level', () => {
    expect(throneRewardLevels(1, levels, 1).levels.stables).toBe(1);
    const top = throneRewardLevels(MAX_CITY_HALL_LEVEL, { ...levels, wheat: MAX_CITY_HALL_LEVEL }, 2);
    expect(top.chLevel).toBe(MAX_CITY_HALL_LEVEL);
    expect(top.levels.wheat).toBe(MAX_CITY_HALL_LEVEL);
  });
});
