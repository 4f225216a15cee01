import { noResources } from '../city/balance-sheet';
import { resolveBattle } from './battle';
import { NO_COMMANDER_BONUSES } from './army';
import { PRACTICE_CAMP, practiceCampArmy, practiceCampStore } from './practice-camp';

describe('the practice camp', () => {
  it('scales its army to the raider, and always keeps one infantry to fight back', () => {
    expect(practiceCampArmy({ infantry: 10, archers: 5, cavalries: 1 })).toEqual({ infantry: 6, archers: 3, cavalries: 0 });
    expect(practiceCampArmy({ infantry: 1, archers: 0, cavalries: 0 })).toEqual({ infantry: 1, archers: 0, cavalries: 0 });
    expect(practiceCampArmy({ infantry: 0, archers: 0, cavalries: 0 })).toEqual({ infantry: 1, archers: 0, cavalries: 0 });
  });

  it('holds its daily store less what the day took, never below nothing', () => {
    const full = PRACTICE_CAMP.dailyStore * 1000;
    expect(practiceCampStore(noResources())).toEqual({ wheat: full, lumber: full, stone: full, ore: full });
    expect(practiceCampStore({ wheat: 90_000, lumber: 0, stone: full + 5, ore: full })).toEqual({
      wheat: full - 90_000,
      lumber: full,
      stone: 0,
      ore: 0,
    });
  });

  it('is won by a trained raider for a small haul, with losses on both sides', () => {
    const raider = { infantry: 20, archers: 0, cavalries: 0 };
    for (let seed = 0; seed < 200; seed++) {
      const outcome = resolveBattle({
        attacker: { troops: raider, bonuses: NO_COMMANDER_BONUSES },
        defender: { troops: practiceCampArmy(raider), bonuses: NO_COMMANDER_BONUSES, pending: practiceCampStore(noResources()) },
        seed,
        lootPercent: PRACTICE_CAMP.lootPercent,
        lootLostPercent: PRACTICE_CAMP.lootLostPercent,
      });
      expect(outcome.winner).toBe('attacker');
      // 30% of the store, 80% of it brought home.
      expect(outcome.loot.wheat).toBe(72_000);
      expect(outcome.defender.dead.infantry + outcome.defender.injured.infantry).toBeGreaterThan(0);
    }
  });
});
