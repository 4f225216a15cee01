import { UNIT_KEYS } from '../city/balance-sheet';
import { NO_COMMANDER_BONUSES, Troops, troopCount } from './army';
import { seededRandom } from '../random/seeded-random';
import { BATTLE, BattleInput, resolveBattle } from './battle';
import { RAIDS } from './raids';

const army = (infantry: number, archers = 0, cavalries = 0): Troops => ({ infantry, archers, cavalries });
const pending = { wheat: 900_000, lumber: 700_500, stone: 300_001, ore: 0 };

function battle(attacker: Troops, defender: Troops, seed: number, attackerBonus = 0, lootPercent = 100): BattleInput {
  return {
    attacker: { troops: attacker, bonuses: { infantry: attackerBonus, archers: attackerBonus, cavalries: attackerBonus } },
    defender: { troops: defender, bonuses: NO_COMMANDER_BONUSES, pending },
    seed,
    lootPercent,
    lootLostPercent: RAIDS.lootLostPercent,
  };
}

const SEEDS = Array.from({ length: 2_000 }, (_, index) => index * 7919 + 1);

describe('resolveBattle', () => {
  it('is deterministic for a seed', () => {
    const input = battle(army(500, 200, 50), army(600, 100, 40), 123456);
    expect(resolveBattle(input)).toEqual(resolveBattle(structuredClone(input)));
    const outcomes = new Set(SEEDS.slice(0, 50).map((seed) => JSON.stringify(resolveBattle({ ...input, seed }))));
    expect(outcomes.size).toBeGreaterThan(1);
  });

  it("records the seed's draws in order: both lucks, then each side's loss roundings by troop type", () => {
    const input = battle(army(500, 200, 50), army(600, 100, 40), 98765);
    const random = seededRandom(input.seed);
    const draws = Array.from({ length: 8 }, () => random.fraction());
    const luck = (draw: number) => BATTLE.luckMin + (BATTLE.luckMax - BATTLE.luckMin) * draw;
    expect(resolveBattle(input).rolls).toEqual({
      attackerLuck: luck(draws[0]),
      defenderLuck: luck(draws[1]),
      attackerLosses: army(draws[2], draws[3], draws[4]),
      defenderLosses: army(draws[5], draws[6], draws[7]),
    });
  });

  it('lets a stronger army win more often over many seeds', () => {
    const winsWith = (attacker: Troops) =>
      SEEDS.filter((seed) => resolveBattle(battle(attacker, army(1000), seed)).winner === 'attacker').length;
    const even = winsWith(army(1000));
    const stronger = winsWith(army(1200));
    const muchStronger = winsWith(army(2000));
    expect(stronger).toBeGreaterThan(even);
    expect(muchStronger).toBe(SEEDS.length);
    // The home advantage: an equal army wins less than half its attacks.
    expect(even).toBeLessThan(SEEDS.length / 2);
  });

  it('counts commander gear: boosted troops win more often', () => {
    const wins = (bonus: number) =>
      SEEDS.filter((seed) => resolveBattle(battle(army(1100), army(1000), seed, bonus)).winner === 'attacker').length;
    expect(wins(20)).toBeGreaterThan(wins(0));
  });

  it('never loses more troops than an army has, and never loots more than was pending', () => {
    for (const seed of SEEDS) {
      const attacker = army(seed % 37, seed % 11, seed % 5);
      if (troopCount(attacker) === 0) continue;
      const defender = army(seed % 23, seed % 13, seed % 3);
      const outcome = resolveBattle(battle(attacker, defender, seed));
      for (const unit of UNIT_KEYS) {
        expect(outcome.attacker.dead[unit] + outcome.attacker.injured[unit]).toBeLessThanOrEqual(attacker[unit]);
        expect(outcome.defender.dead[unit] + outcome.defender.injured[unit]).toBeLessThanOrEqual(defender[unit]);
        expect(
          Math.min(
            outcome.attacker.dead[unit],
            outcome.attacker.injured[unit],
            outcome.defender.dead[unit],
            outcome.defender.injured[unit],
          ),
        ).toBeGreaterThanOrEqual(0);
      }
      for (const [resource, amount] of Object.entries(outcome.loot)) {
        const lost = outcome.lootLost[resource as keyof typeof pending];
        expect(Number.isInteger(amount) && Number.isInteger(lost)).toBe(true);
        expect(Math.min(amount, lost)).toBeGreaterThanOrEqual(0);
        expect(amount + lost).toBeLessThanOrEqual(pending[resource as keyof typeof pending]);
      }
    }
  });

  it('takes 30% of each pending resource when the survivors can carry it, and loses 20% of it on the way home', () => {
    const outcome = resolveBattle(battle(army(0, 0, 1000), army(0), 1));
    expect(outcome.winner).toBe('attacker');
    // Taken: 270,000 / 210,150 / 90,000 / 0; home: 80% of each, rounded down; the rest is lost.
    expect(outcome.loot).toEqual({ wheat: 216_000, lumber: 168_120, stone: 72_000, ore: 0 });
    expect(outcome.lootLost).toEqual({ wheat: 54_000, lumber: 42_030, stone: 18_000, ore: 0 });
    expect(outcome.attacker.dead).toEqual(army(0));
  });

  it("takes only the raid's percent of the loot share from a much lower City Hall", () => {
    const outcome = resolveBattle(battle(army(0, 0, 1000), army(0), 1, 0, 25));
    // 25% of the 30% share: 67,500 / 52,537 / 22,500 taken.
    expect(outcome.loot).toEqual({ wheat: 54_000, lumber: 42_029, stone: 18_000, ore: 0 });
    expect(outcome.lootLost).toEqual({ wheat: 13_500, lumber: 10_508, stone: 4_500, ore: 0 });
  });

  it('scales the loot down to what the surviving troops carry', () => {
    // One infantry carries 20 resources (20,000 thousandths) against 471,150 wanted.
    const outcome = resolveBattle(battle(army(1), army(0), 1));
    const total = Object.values(outcome.loot).reduce((sum, amount) => sum + amount, 0);
    const lost = Object.values(outcome.lootLost).reduce((sum, amount) => sum + amount, 0);
    expect(total + lost).toBeLessThanOrEqual(20_000);
    expect(total + lost).toBeGreaterThan(19_990);
    expect(outcome.loot.wheat).toBeGreaterThan(outcome.loot.stone);
  });

  it('loots nothing when the defender holds', () => {
    const outcome = resolveBattle(battle(army(10), army(5000), 99));
    expect(outcome.winner).toBe('defender');
    expect(outcome.loot).toEqual({ wheat: 0, lumber: 0, stone: 0, ore: 0 });
    expect(outcome.lootLost).toEqual({ wheat: 0, lumber: 0, stone: 0, ore: 0 });
  });
});
