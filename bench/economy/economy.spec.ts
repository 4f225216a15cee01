import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildingUpgradeCost, emissionBudget, emissionShare, emissionSlices, YOUNG_ACCOUNT_DAILY_SHARE } from '@runik/rules';
import { City } from './city';
import { constantsFromFile, rulesConstants, withOverrides } from './constants';
import { criteria, summarizeScenario } from './criteria';
import { EmissionDraws } from './emission';
import { RunikLedger } from './ledger';
import { markdownReport } from './report';
import { DEFAULT_SCENARIO, STRESS_SCENARIOS } from './scenarios';
import { simulate, SimulationOptions } from './simulation';
import { GUARD_RAILS, OPERATORS, Treasury } from './treasury';

const small = (seed: number): SimulationOptions => ({ days: 10, bots: 120, seed, constants: rulesConstants() });
const report = (options: SimulationOptions) => {
  const result = simulate(options);
  return markdownReport(result, 'the rules', [], [summarizeScenario(result)]);
};

describe('the economy simulation', () => {
  it('plays the same game for the same seed', () => {
    expect(report(small(7))).toBe(report(small(7)));
  });

  it('plays another game for another seed', () => {
    expect(report(small(8))).not.toBe(report(small(7)));
  });

  it('keeps RUNIK conserved every day', () => {
    for (const day of simulate(small(9)).days)
      expect({ day: day.day, ...day.check }).toEqual({ day: day.day, ok: true, drift: 0, negativeAccounts: 0 });
  });

  // A short horizon of what `npm run economy -- --days 365 --bots 1000 --seed 1` checks: every scenario, every criterion.
  it.each([DEFAULT_SCENARIO, ...STRESS_SCENARIOS].map((scenario) => [`${scenario.name}, ${scenario.operatorName}`, scenario] as const))(
    'meets every pass criterion over 30 days: %s',
    (_, scenario) => {
      const summary = summarizeScenario(simulate({ days: 30, bots: 120, seed: 1, constants: rulesConstants(), scenario }));
      expect(criteria(summary).filter((criterion) => !criterion.ok)).toEqual([]);
      expect(summary.minCoverage).not.toBeNull();
    },
  );

  // As `npm run economy` runs it (the stress scenarios in worker processes): exit 0 and the report written.
  it('runs end to end: npm run economy -- --days 15 --bots 150 --stress-bots 40', () => {
    const out = mkdtempSync(join(tmpdir(), 'economy-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['-r', '@swc-node/register', 'bench/economy/main.ts', '--days', '15', '--bots', '150', '--stress-bots', '40', '--out', out],
        {
          cwd: join(__dirname, '../..'),
          encoding: 'utf8',
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Every pass criterion met in every scenario.');
      expect(readdirSync(out).sort()).toEqual([
        'balances.svg',
        'budget.svg',
        'city-hall.svg',
        'coverage.svg',
        'earnings.svg',
        'report.md',
        'runik-flows.svg',
      ]);
      expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('bank run, operator never tops up');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the emission budget and the treasury', () => {
  it("draws what the rules' emissionAllowance leaves, never more: each of k accounts what one player with the same weight gets", () => {
    const budget = emissionBudget({ treasuryRnk: 10_000_000, owed: 0 });
    const weights = new Map([
      [1, 2_000_000],
      [2, 500_000],
      [3, 500_000],
    ]);
    const day = new EmissionDraws(budget, weights, () => false, YOUNG_ACCOUNT_DAILY_SHARE);
    const slices = emissionSlices(budget, day.totalWeight);
    expect(day.leftFor(2)).toBe(day.leftFor(3));
    expect(day.leftFor(2)).toBe(emissionShare(slices, 500_000, day.totalWeight));
    // A paid account that harvested nothing yesterday (4) draws a newcomer's share from the newcomers' slice.
    expect(day.leftFor(4)).toBe(emissionShare(slices, null, day.totalWeight));
    expect(day.draw(2, day.leftFor(2) + 5, 'conversion')).toBe(emissionShare(slices, 500_000, day.totalWeight));
    expect(day.leftFor(2)).toBe(0);
    expect(day.draw('release', budget, 'release')).toBe(slices.releases);
    expect(day.spent).toBe(emissionShare(slices, 500_000, day.totalWeight) + slices.releases);
  });

  it("lets the line of withdrawals go oldest first within the game cap and the coverage floor (the rules' withdrawalPlace, releasableOfLine)", () => {
    const treasury = new Treasury(OPERATORS.never, { ...GUARD_RAILS, gameDaily: 5_000 }, 1, 10_000);
    treasury.startDay();
    treasury.ask(1, 4_000, 0, 7_000);
    treasury.ask(2, 3_000, 0, 3_000); // over what the game cap leaves today: it waits
    expect([treasury.rnk, treasury.waiting]).toEqual([6_000, 3_000]);
    treasury.startDay();
    treasury.release(3_000 + 5_000, 1); // owed 8,000 against 6,000 held: under the floor, nothing leaves
    expect(treasury.waiting).toBe(3_000);
    treasury.release(3_000, 1);
    expect([treasury.rnk, treasury.waiting]).toEqual([3_000, 0]);
    expect(treasury.payoutsToday).toEqual([{ account: 2, amount: 3_000, seq: 1, askedDay: 0, paidDay: 1 }]);
  });
});

/**
 * Each pass criterion fails when the breach it exists to catch is planted (world.ts, `Plant`; or a
 * constants file): a criterion that cannot fail checks nothing. Small runs, in-process.
 */
describe('every pass criterion catches the breach planted for it', () => {
  const failing = (options: Partial<SimulationOptions>) => {
    const summary = summarizeScenario(simulate({ days: 12, bots: 100, seed: 3, constants: rulesConstants(), ...options }));
    return criteria(summary)
      .filter((criterion) => !criterion.ok)
      .map((criterion) => criterion.name);
  };
  const named = (start: string) => expect.stringMatching(new RegExp(`^${start.replace(/[()]/g, '\\$&')}`));

  it('passes every criterion with nothing planted', () => {
    expect(failing({})).toEqual([]);
  });

  it("RUNIK minted withdrawable past the day's budget: days over budget", () => {
    expect(failing({ plant: { kind: 'over-budget', day: 5 } })).toContainEqual(named('days the budgeted-mint entries'));
  });

  it('one paid account minted a thousandth past its share: over a share', () => {
    expect(failing({ plant: { kind: 'over-share', day: 5 } })).toEqual([
      named("RUNIK a day a paid account's budgeted mints passed its share"),
    ]);
  });

  it("a free account's game-only RUNIK withdrawn: game-only RUNIK withdrawn", () => {
    expect(failing({ plant: { kind: 'game-only-withdrawn', day: 5 } })).toEqual([named('game-only RUNIK withdrawn')]);
  });

  it('the game account emptied: coverage under 1', () => {
    expect(failing({ plant: { kind: 'coverage', day: 5 } })).toContainEqual(named('coverage'));
  });

  it("the game's cap cut so that the cap filler's withdrawals wait for weeks: the line's longest wait", () => {
    const capFiller = STRESS_SCENARIOS.find((scenario) => scenario.name === 'cap filler') ?? DEFAULT_SCENARIO;
    expect(failing({ scenario: capFiller, plant: { kind: 'game-cap', day: 1 } })).toEqual([named('the line')]);
  });

  it('a budget too small to grow on (constants): no City Hall 5 in the first week', () => {
    const starved = withOverrides({ emission: { minimum: 1, surplusSharePercent: 0.001 } });
    expect(failing({ constants: starved })).toEqual([named('City Hall 7 days after joining')]);
  });

  it('a budget so large, and young accounts so little capped, that a new account earns its fee back in days (constants): earn-back', () => {
    const lavish = { emission: { minimum: 100_000_000, surplusSharePercent: 100 } };
    const uncapped = withOverrides({ ...lavish, youngAccountDailyShare: 300_000 });
    expect(failing({ days: 16, constants: uncapped })).toContainEqual(named('days a new paid account takes'));
    // The rules' young-account cap alone holds the floor, whatever the budget.
    expect(failing({ days: 16, constants: withOverrides(lavish) })).not.toContainEqual(named('days a new paid account takes'));
  });

  // The command as a run would meet it: a breach planted in every scenario makes it exit 1 and name the criterion.
  it('exits 1 and names the failed criterion: npm run economy -- --plant coverage:2', () => {
    const out = mkdtempSync(join(tmpdir(), 'economy-'));
    try {
      const run = spawnSync(
        process.execPath,
        [
          '-r',
          '@swc-node/register',
          'bench/economy/main.ts',
          '--days',
          '4',
          '--bots',
          '40',
          '--stress-bots',
          '20',
          '--plant',
          'coverage:2',
          '--out',
          out,
        ],
        { cwd: join(__dirname, '../..'), encoding: 'utf8' },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('PASS CRITERIA FAILED');
      expect(run.stderr).toContain('default, operator tops up daily: coverage');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the simulation ledger', () => {
  it('never lets locked RUNIK out: the Pouch is spent first, and a sale paid with it reaches the seller locked', () => {
    const ledger = new RunikLedger();
    ledger.setPaid(1);
    ledger.setPaid(2);
    ledger.mint('conversion', [[1, 3_000]]);
    ledger.mint('shop', [[1, 50_000]], true);
    expect(ledger.withdrawable(1)).toBe(3_000);
    expect(() => ledger.withdraw(1, 3_001)).toThrow('may withdraw 3000');
    ledger.burn('upgrades', 1, 10_000);
    expect([ledger.lockedOf(1), ledger.withdrawable(1)]).toEqual([40_000, 3_000]);
    // A sale takes withdrawable RUNIK only: locked RUNIK never reaches another player.
    expect(() => ledger.transfer('gear-sale', 1, 2, 20_000)).toThrow('3000 withdrawable');
    ledger.transfer('gear-sale', 1, 2, 2_000);
    expect([ledger.lockedOf(1), ledger.withdrawable(1), ledger.withdrawable(2), ledger.lockedOf(2)]).toEqual([40_000, 1_000, 2_000, 0]);
    ledger.mint('conversion', [[3, 9_000]]); // a free account's RUNIK: not withdrawable until an activation
    expect(ledger.withdrawable(3)).toBe(0);
  });

  it('refuses a debit beyond the balance, as the game does', () => {
    const ledger = new RunikLedger();
    ledger.mint('conversion', [[1, 5_000]]);
    expect(() => ledger.burn('upgrades', 1, 5_001)).toThrow('RUNIK overdraft');
    expect(() => ledger.transfer('gear-sale', 1, 2, -1)).toThrow('Not an amount');
  });

  it('balances: what accounts hold is what was minted and deposited less what was burned and withdrawn', () => {
    const ledger = new RunikLedger();
    ledger.setPaid(1);
    ledger.setPaid(2);
    ledger.mint('conversion', [
      [1, 9_000],
      ['system:tax', 1_000],
    ]);
    ledger.deposit(2, 4_000);
    ledger.transfer('gear-sale', 2, 1, 3_000);
    ledger.burn('upgrades', 1, 10_000);
    ledger.withdraw(1, 2_000);
    expect(ledger.check()).toEqual({ ok: true, drift: 0, negativeAccounts: 0 });
    const day = ledger.closeDay();
    expect(day.minted.conversion).toBe(10_000);
    expect(day.systemCredits['system:tax']).toBe(1_000);
    expect(day.earnedBy.get(1)).toBe(12_000);
    expect(day.spentBy.get(1)).toBe(10_000);
  });
});

describe('constant overrides', () => {
  it('replaces only the constants named', () => {
    const constants = withOverrides({ conversionTaxPercent: 20, conversionRates: { ore: 150 } });
    expect(constants.conversionTaxPercent).toBe(20);
    expect(constants.conversionRates).toEqual({ ...rulesConstants().conversionRates, ore: 150 });
    expect(constants.pendingCapHours).toBe(rulesConstants().pendingCapHours);
  });

  it('refuses an unknown constant or a value that is not a positive number', () => {
    expect(() => withOverrides({ conversionTax: 20 })).toThrow('Unknown constant conversionTax');
    expect(() => withOverrides({ pendingCapHours: -1 })).toThrow('pendingCapHours must be a positive number');
  });

  it('reach the rules the city plays', () => {
    const hour = 3_600_000;
    // Override values of the test's own (not the proposal's, which the rules now play): they must differ from the rules.
    const overridden = new City(1, withOverrides({ buildingExponents: { wheat: 1.5 }, pendingCapHours: 6 }), new RunikLedger(), 0);
    const rules = new City(1, rulesConstants(), new RunikLedger(), 0);
    overridden.levels.wheat = rules.levels.wheat = 4;
    overridden.chLevel = rules.chLevel = 5;
    expect(rules.upgradeCost('wheat')).toBe(buildingUpgradeCost('wheat', 4));
    expect(overridden.upgradeCost('wheat')).toBe(8_000); // 4^1.5
    expect(overridden.upgradeCost('wheat')).not.toBe(rules.upgradeCost('wheat'));
    expect(overridden.pending(20 * hour).lumber).toBe(6 * 100_000);
    expect(rules.pending(20 * hour).lumber).toBe(12 * 100_000);
  });

  it('reads the proposal file, which the rules now play (issue 18, item 5: applied)', () => {
    const proposal = constantsFromFile(join(__dirname, 'proposed-constants.json'));
    expect(proposal).toEqual(rulesConstants());
  });
});
