import { BattleReportsService } from '../battle-reports/battle-reports.service';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { decodeThroneFighters } from './stored-battles';

/**
 * A raid stored before loot terms, loot lost on the way home and ore existed: the keys of that day only.
 * Its report must read as that battle was: the whole loot share, nothing lost, no ore anywhere.
 */
const OLD_INPUT = {
  attacker: { troops: { infantry: 50, archers: 0 }, bonuses: { infantry: 0, archers: 0 } },
  defender: {
    troops: { infantry: 10, archers: 5 },
    bonuses: { infantry: 0, archers: 0 },
    pending: { wheat: 4000, lumber: 2000, stone: 0 },
  },
  seed: 1679194801,
};
const OLD_OUTCOME = {
  winner: 'attacker',
  attackerPower: 478,
  defenderPower: 205,
  attacker: { dead: { infantry: 1, archers: 0 }, injured: { infantry: 3, archers: 0 } },
  defender: { dead: { infantry: 4, archers: 2 }, injured: { infantry: 2, archers: 1 } },
  loot: { wheat: 3560, lumber: 2040, stone: 0 },
};

describe('stored battles, read through their decoders', () => {
  const clock = new TestClock('2026-03-01T10:00:00Z');
  let t: ServiceTest;
  let reports: BattleReportsService;

  beforeAll(async () => {
    t = await createServiceTest({ clock });
    reports = new BattleReportsService(t.dataSource);
  });
  afterAll(() => t?.close());

  it('reports a battle stored before keys were added, with the defaults that row stands for', async () => {
    const attacker = await t.newPlayer('oldraider');
    const defender = await t.newPlayer('oldvictim');
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO battles (attacker_id, defender_id, seed, input, outcome, fought_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [attacker, defender, OLD_INPUT.seed, JSON.stringify(OLD_INPUT), JSON.stringify(OLD_OUTCOME), clock.now()],
    );

    const report = await reports.report(attacker, 'attack', Number(id));
    if (report.kind !== 'attack') throw new Error(`expected an attack report, got ${report.kind}`);
    expect(report.lootPercent).toBe(100);
    expect(report.lootLostPercent).toBe(0);
    expect(report.loot).toEqual({ wheat: 3.56, lumber: 2.04, stone: 0, ore: 0 });
    expect(report.lootLost).toEqual({ wheat: 0, lumber: 0, stone: 0, ore: 0 });
    expect(report.defenderPending).toEqual({ wheat: 4, lumber: 2, stone: 0, ore: 0 });
    const [attackerSide] = report.attacker.fighters;
    expect(attackerSide.army).toEqual({ infantry: 50, archers: 0, cavalries: 0 });
    expect(attackerSide.dead).toEqual({ infantry: 1, archers: 0, cavalries: 0 });
    expect(report.defender.fighters[0].injured).toEqual({ infantry: 2, archers: 1, cavalries: 0 });
    // Every number in the report is a number: no key of today is left undefined or null.
    const numbers = JSON.stringify(report, (_key, value: unknown) => (value === undefined ? 'UNDEFINED' : value));
    expect(numbers).not.toMatch(/UNDEFINED|null/);
  });

  it('reads a throne fighter stored before bonuses were kept as unknown bonuses, not zero', () => {
    const { attackers, defenders } = decodeThroneFighters({
      attackers: [{ playerId: 7, survivors: { infantry: 3 }, dead: { infantry: 1 }, injured: {} }],
      defenders: [],
    });
    expect(attackers).toEqual([
      {
        playerId: 7,
        survivors: { infantry: 3, archers: 0, cavalries: 0 },
        dead: { infantry: 1, archers: 0, cavalries: 0 },
        injured: { infantry: 0, archers: 0, cavalries: 0 },
        bonuses: null,
      },
    ]);
    expect(defenders).toEqual([]);
  });

  it('refuses a stored shape it cannot read, instead of reporting nonsense', () => {
    expect(() => decodeThroneFighters({ attackers: [{ survivors: {} }], defenders: [] })).toThrow();
  });
});
