import { commanderGearBonuses, mayorGearBonuses } from './equipped';

describe('bonuses of equipped gear', () => {
  const equipped = [
    { type: 'wheat', rarity: 'rare', level: 2 },
    { type: 'ore', rarity: 'common', level: 1 },
    { type: 'cavalry', rarity: 'epic', level: 3 },
    { type: 'archer', rarity: 'common', level: 5 },
  ] as const;

  it('mayor gear raises its resource production by its stat', () => {
    expect(mayorGearBonuses(equipped)).toEqual({ wheat: 2.4, lumber: 0, stone: 0, ore: 1 });
  });

  it('commander gear, named in the singular, boosts its troop type', () => {
    expect(commanderGearBonuses(equipped)).toEqual({ infantry: 0, archers: 1.8, cavalries: 5.6 });
  });

  it('nothing equipped, no bonus', () => {
    expect(mayorGearBonuses([])).toEqual({ wheat: 0, lumber: 0, stone: 0, ore: 0 });
    expect(commanderGearBonuses([])).toEqual({ infantry: 0, archers: 0, cavalries: 0 });
  });
});
