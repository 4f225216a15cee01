import { HttpException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorMessages } from '@runik/contract';
import type { LedgerReason } from '@runik/contract';
import type { EngineBalance, HiveEngineClient } from '../chain/hive-engine.client';
import { TreasuryService } from '../wallet/treasury.service';
import type { AppConfig } from '../core/config/app-config';
import { dataSourceOptions } from '../database';
import { LedgerService } from '../ledger/ledger.service';
import type { Leg } from '../ledger/ledger.types';
import { TestClock } from '../testing/test-clock';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { coverage, EconomyService } from './economy.service';

let database: TestDatabase;
let dataSource: DataSource;
const clock = new TestClock('2026-03-01T12:00:00Z');
const ledger = new LedgerService(clock);
const config = { GAME_ACCOUNT: 'runik.game', EMISSION_DAILY_MINIMUM: 2_000_000 } as AppConfig;
/** The chain's side: hive-sim's real answers are the system test's (apps/e2e economy.spec.ts). */
let engineAnswer: () => Promise<EngineBalance | null> = async () => null;
/** SWAP.HIVE held: 12.5, when the node answers at all. */
const engine = {
  tokenBalance: () => engineAnswer(),
  swapHiveBalance: () => engineAnswer().then(() => 12_500),
} as unknown as HiveEngineClient;
const economy = () => new EconomyService(dataSource, new TreasuryService(dataSource, config, engine), engine, config, clock);

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url, { max: 4 })).initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

async function newPlayer(name: string, activation: 'paid' | 'free'): Promise<number> {
  return dataSource.transaction(async (manager) => {
    const [{ id }] = await manager.query(
      `INSERT INTO players (hive_username, referrer, activation, created_at) VALUES ($1, 'runik.game', $2, now()) RETURNING id`,
      [name, activation],
    );
    await ledger.openPlayerAccount(manager, Number(id));
    return Number(id);
  });
}

/** Posts at the given instant (the ledger stamps entries with the clock). */
async function postAt(iso: string, reason: LedgerReason, legs: Leg[], reference?: string): Promise<void> {
  clock.set(iso);
  await dataSource.transaction((manager) => ledger.post(manager, { reason, reference, legs }));
}

describe('EconomyService', () => {
  it('sums holdings and each UTC day of flows from the ledger, leaving refunded withdrawals out', async () => {
    const paid = await newPlayer('paidone', 'paid');
    const free = await newPlayer('freeone', 'free');
    const runik = (account: Leg['account'], delta: number): Leg => ({ account, asset: 'runik', delta });
    const mint = { system: 'system:mint' } as const;
    const chain = { system: 'external:hive-engine' } as const;

    // Before the window (30 days ending 2026-03-01): counted in balances only.
    await postAt('2026-01-20T10:00:00Z', 'test-grant', [runik(mint, -50_000), runik({ playerId: paid }, 50_000)]);
    // Yesterday, one millisecond before midnight UTC.
    await postAt('2026-02-28T23:59:59.999Z', 'convert-to-runik', [
      runik(mint, -10_000),
      runik({ playerId: free }, 9_000),
      runik({ system: 'system:tax' }, 1_000),
    ]);
    await postAt('2026-02-28T23:00:00Z', 'withdrawal', [runik({ playerId: paid }, -5_000), runik(chain, 5_000)], 'withdrawal:1');
    // Today: a deposit, a spend, a fee, a withdrawal refunded and one not.
    await postAt('2026-03-01T00:00:00Z', 'deposit', [runik(chain, -7_250), runik({ playerId: paid }, 7_250)], 'tx-1');
    await postAt('2026-03-01T01:00:00Z', 'convert-to-runik', [
      runik(mint, -2_000),
      runik({ playerId: paid }, 1_800),
      runik({ system: 'system:tax' }, 200),
    ]);
    await postAt('2026-03-01T02:00:00Z', 'citadel-reward', [runik(mint, -500), runik({ playerId: free }, 500)]);
    await postAt('2026-03-01T03:00:00Z', 'upgrade-ch', [runik({ playerId: free }, -1_500), runik({ system: 'system:burn' }, 1_500)]);
    await postAt('2026-03-01T04:00:00Z', 'alliance-creation', [runik({ playerId: paid }, -3_000), runik({ system: 'system:fees' }, 3_000)]);
    await postAt('2026-03-01T05:00:00Z', 'withdrawal', [runik({ playerId: paid }, -4_000), runik(chain, 4_000)], 'withdrawal:2');
    await postAt('2026-03-01T05:00:01Z', 'withdrawal', [runik({ playerId: paid }, -1_000), runik(chain, 1_000)], 'withdrawal:3');
    await postAt('2026-03-01T05:10:00Z', 'withdrawal-refund', [runik(chain, -4_000), runik({ playerId: paid }, 4_000)], 'withdrawal:2');
    // An older row whose reason carried its id counts under its kind; resources bought are no sink.
    // Written before the reasons were a closed list: the cast stands for that history.
    await postAt('2026-03-01T06:00:00Z', 'shop-purchase:7' as LedgerReason, [runik(mint, -250), runik({ playerId: free }, 250)]);
    await postAt('2026-03-01T07:00:00Z', 'convert-to-resources', [runik({ playerId: free }, -750), runik({ system: 'system:burn' }, 750)]);
    // 10 of the paid player's RUNIK are for the game only.
    await dataSource.query(`UPDATE players SET locked_runik = 10000 WHERE id = $1`, [paid]);
    // Their rows: the first sent and confirmed, the second refunded, the third still on its way (owed).
    await dataSource.query(
      `INSERT INTO withdrawals (id, player_id, amount_thousandths, status, created_at, updated_at)
       VALUES (1, $1, 5000, 'completed', now(), now()), (2, $1, 4000, 'refunded', now(), now()), (3, $1, 1000, 'sent', now(), now())`,
      [paid],
    );
    clock.set('2026-03-01T12:00:00Z');
    engineAnswer = async () => ({ account: 'runik.game', symbol: 'RNK', balance: '96.500' });

    const report = await economy().report(30);
    // paid: 50 - 5 + 7.25 + 1.8 - 3 - 4 - 1 + 4 = 50.05, 10 of it locked; free: 9 + 0.5 - 1.5 + 0.25 - 0.75 = 7.5.
    expect(report.liabilityRunik).toBe(40.05);
    expect(report.lockedRunik).toBe(10);
    expect(report.withdrawingRunik).toBe(1);
    expect(report.freeRunik).toBe(7.5);
    // All of it under the activation's release: an activation could make it withdrawable at once.
    expect(report.contingentRunik).toBe(7.5);
    expect(report.owedRunik).toBe(48.55);
    expect(report.swapHiveHeld).toBe(12.5);
    expect(report.systemRunik).toEqual({
      'system:mint': -62.75,
      'system:burn': 2.25,
      'system:tax': 1.2,
      'system:fees': 3,
      'system:rewards': 0,
      'system:treasury': 0,
      'external:hive-engine': -1.25,
    });
    // Every posting balances: the holdings sum to zero.
    expect(
      report.liabilityRunik +
        report.lockedRunik +
        report.freeRunik +
        Object.values(report.systemRunik).reduce((sum, value) => sum + value, 0),
    ).toBeCloseTo(0, 9);
    expect(report.treasuryRnk).toBe(96.5);
    // Against all that is owed: the withdrawal on its way is paid from the same RNK, and what activations could release counts.
    expect(report.coverage).toBeCloseTo(96.5 / (40.05 + 1 + 7.5), 12);

    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toEqual({
      date: '2026-03-01',
      minted: 2.75,
      burned: 1.5,
      resourcePurchases: 0.75,
      fees: 3,
      tax: 0.2,
      deposits: 7.25,
      withdrawals: 1,
      mintedByReason: { 'convert-to-runik': 2, 'citadel-reward': 0.5, 'shop-purchase': 0.25 },
      burnedByReason: { 'upgrade-ch': 1.5 },
    });
    expect(report.days[1]).toEqual({
      date: '2026-02-28',
      minted: 10,
      burned: 0,
      resourcePurchases: 0,
      fees: 0,
      tax: 1,
      deposits: 0,
      withdrawals: 5,
      mintedByReason: { 'convert-to-runik': 10 },
      burnedByReason: {},
    });
    expect(report.days[29].date).toBe('2026-01-31');
    expect(
      report.days.slice(2).every((day) => day.minted === 0 && day.deposits === 0 && Object.keys(day.mintedByReason).length === 0),
    ).toBe(true);

    const one = await economy().report(1);
    expect(one.days.map((day) => day.date)).toEqual(['2026-03-01']);
    // A year reaches the posting of January.
    const year = await economy().report(365);
    expect(year.days).toHaveLength(365);
    expect(year.days.find((day) => day.date === '2026-01-20')?.mintedByReason).toEqual({ 'test-grant': 50 });
    expect(year.days.at(-1)?.date).toBe('2025-03-02');
  });

  it('answers 503 with the chain message when Hive Engine cannot be read, and counts free RUNIK an activation could release', async () => {
    engineAnswer = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const error = await economy()
      .report(30)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(503);
    expect((error as HttpException).getResponse()).toEqual({ error: ErrorMessages.engineUnavailable });

    engineAnswer = async () => null;
    const fresh = new EconomyService(dataSource, new TreasuryService(dataSource, config, engine), engine, config, clock);
    await dataSource.query(`UPDATE players SET activation = 'free', locked_runik = 0`);
    await dataSource.query(`UPDATE withdrawals SET status = 'completed' WHERE status = 'sent'`);
    const report = await fresh.report(30);
    // Nothing withdrawable, but both free players' RUNIK could become so in one step each.
    expect(report).toMatchObject({
      liabilityRunik: 0,
      withdrawingRunik: 0,
      freeRunik: 57.55,
      contingentRunik: 57.55,
      owedRunik: 57.55,
      treasuryRnk: 0,
      coverage: 0,
    });
    expect(coverage(0, 0)).toBeNull();
  });

  it("reports the free accounts' part: today's credits by kind, what stays game-only, what activations could release against today's releases slice", async () => {
    engineAnswer = async () => ({ account: 'runik.game', symbol: 'RNK', balance: '500' });
    const runik = (account: Leg['account'], delta: number): Leg => ({ account, asset: 'runik', delta });
    const mint = { system: 'system:mint' } as const;
    const payer = await newPlayer('payer', 'paid');
    const activated = await newPlayer('activated', 'paid');
    const [grower, small] = [await newPlayer('grower', 'free'), await newPlayer('small', 'free')];
    // The game day before (it ends at 00:00 UTC, 08:00 in Manila): not today's.
    await postAt('2026-03-01T23:00:00Z', 'test-grant', [runik(mint, -30_000), runik({ playerId: payer }, 30_000)]);
    await postAt('2026-03-01T23:30:00Z', 'deposit', [
      runik({ system: 'external:hive-engine' }, -1_000),
      runik({ playerId: grower }, 1_000),
    ]);
    // Today: a deposit (backed), RUNIK paid by another player (transferred), conversions while free (game-only).
    await postAt('2026-03-02T01:00:00Z', 'deposit', [
      runik({ system: 'external:hive-engine' }, -20_000),
      runik({ playerId: grower }, 20_000),
    ]);
    await postAt('2026-03-02T01:10:00Z', 'gear-sale', [runik({ playerId: payer }, -5_000), runik({ playerId: grower }, 5_000)]);
    await postAt('2026-03-02T01:20:00Z', 'convert-to-game-runik', [runik(mint, -400_000), runik({ playerId: grower }, 400_000)]);
    await postAt('2026-03-02T01:30:00Z', 'quest-reward-locked', [runik(mint, -120_000), runik({ playerId: small }, 120_000)]);
    await dataSource.query(`UPDATE players SET locked_runik = 400000 WHERE id = $1`, [grower]);
    await dataSource.query(`UPDATE players SET locked_runik = 120000 WHERE id = $1`, [small]);
    // An account activated earlier still waits for 80 RUNIK of its release; today's 10 RUNIK budget gave 0.7 of its 1 RUNIK releases slice.
    await dataSource.query(`UPDATE players SET release_waiting = 80000 WHERE id = $1`, [activated]);
    await dataSource.query(
      `INSERT INTO emission_days (day, budget, used, total_weight, sized_from_treasury, created_at, releases_used)
       VALUES ('2026-03-02', 10000, 700, 0, true, now(), 700)`,
    );
    clock.set('2026-03-02T12:00:00Z');

    const report = await economy().report(30);
    expect(report.freeAccounts).toEqual({
      // paidone and freeone (free since the test before), grower and small.
      accounts: 4,
      creditedTodayByKind: { 'backed-mint': 20, transfer: 5, 'game-only-mint': 520 },
      // Backed or transferred; the game-only mints add nothing.
      addedToOwedToday: 25,
      gameOnlyRunik: 520,
      // min(400, 300) + min(120, 300) + the 80 that waits.
      releasableRunik: 500,
      waitingRunik: 80,
      releasesSliceToday: 1,
      releasedToday: 0.7,
    });
    // What is not game-only is what an activation makes withdrawable at once: 57.55 held before, 21 deposited, 5 paid.
    expect(report.contingentRunik).toBe(83.55);
  });
});
