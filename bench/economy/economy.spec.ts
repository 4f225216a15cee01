import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildingUpgradeCost } from '@runik/rules';
import { City } from './city';
import { constantsFromFile, rulesConstants, withOverrides } from './constants';
import { RunikLedger } from './ledger';
import { markdownReport } from './report';
import { simulate, SimulationOptions } from './simulation';

const small = (seed: number): SimulationOptions => ({ days: 10, bots: 120, seed, constants: rulesConstants() });
const report = (options: SimulationOptions) => markdownReport(simulate(options), 'the rules', []);

describe('the economy simulation', () => {
  it('plays the same game for the same seed', () => {
    expect(report(small(7))).toBe(report(small(7)));
  });

  it('plays another game for another seed', () => {
    expect(report(small(8))).not.toBe(report(small(7)));
  });

  it('keeps RUNIK conserved every day', () => {
    for (const day of simulate(small(9)).days) expect({ day: day.day, ...day.check }).toEqual({ day: day.day, ok: true, drift: 0, negativeAccounts: 0 });
  });

  // As `npm run economy` runs it: Jest's module sandbox slows this kind of tight loop several times over.
  it('plays 60 days of 1,000 bots in under a minute, RUNIK conserved every day (npm run economy)', () => {
    const out = mkdtempSync(join(tmpdir(), 'economy-'));
    try {
      const started = performance.now();
      const run = spawnSync(process.execPath, ['-r', '@swc-node/register', 'bench/economy/main.ts', '--days', '60', '--bots', '1000', '--seed', '1', '--out', out], {
        cwd: join(__dirname, '../..'),
        encoding: 'utf8',
      });
      const wallSeconds = (performance.now() - started) / 1000;
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const [, simulated, cpu] = /simulated in ([\d.]+) s \(([\d.]+) s of CPU\); RUNIK conserved every day/.exec(run.stdout) ?? [];
      console.log(`npm run economy -- --days 60 --bots 1000 --seed 1: simulated in ${simulated} s (${cpu} s of CPU), ${wallSeconds.toFixed(1)} s with start-up and charts`);
      // Under a minute of work; the wall clock gets room for a machine busy with the rest of the suite.
      expect(Number(cpu)).toBeLessThan(60);
      expect(Number(simulated)).toBeLessThan(120);
      expect(readdirSync(out).sort()).toEqual(['balances.svg', 'city-hall.svg', 'earnings.svg', 'report.md', 'runik-flows.svg']);
      expect(readFileSync(join(out, 'city-hall.svg'), 'utf8')).toMatch(/^<svg[\s\S]*City Hall 1-5[\s\S]*<\/svg>$/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the simulation ledger', () => {
  it('refuses a debit beyond the balance, as the game does', () => {
    const ledger = new RunikLedger();
    ledger.mint('conversion', [[1, 5_000]]);
    expect(() => ledger.burn('upgrades', 1, 5_001)).toThrow('RUNIK overdraft');
    expect(() => ledger.transfer('gear-sale', 1, 2, -1)).toThrow('Not an amount');
  });

  it('balances: what accounts hold is what was minted and deposited less what was burned and withdrawn', () => {
    const ledger = new RunikLedger();
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
