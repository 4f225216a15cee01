import { HttpException } from '@nestjs/common';
import { Repository } from 'typeorm';
import { ACTIVATION_RELEASE_RUNIK, contributionWeight, emissionShare, gameDayKey } from '@runik/rules';
import { CityMessages, WalletMessages } from '@runik/contract';
import { ConversionService } from '../city/conversion.service';
import { Player } from '../players/player.entity';
import { PlayersService } from '../players/players.service';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { testEmission } from '../testing/test-emission';
import { TreasuryService } from '../wallet/treasury.service';
import { WithdrawService } from '../wallet/withdraw.service';
import { WithdrawalGuardRails } from '../wallet/withdrawal-guard-rails';
import { owedOf, readLiabilities } from './liabilities';

/**
 * The one daily emission budget (docs/decisions.md, "The emission budget") on a real database:
 * conversions, activations and shares drawing from it, races at its edge, the next game day, and
 * sizing from the treasury. Citadel rewards drawing from it: citadel.service.spec.ts.
 */
const clock = new TestClock('2026-05-10T02:00:00Z');
// A small budget (10 RUNIK, whatever the treasury) so that races reach its edge.
const env = { EMISSION_DAILY_MINIMUM: '10', EMISSION_DAILY_CEILING: '10' };
let t: ServiceTest;
let conversion: ConversionService;

beforeAll(async () => {
  t = await createServiceTest({ clock, poolSize: 12, env });
  conversion = new ConversionService(t.dataSource, t.cities, t.ledger, t.emission, clock);
});
afterAll(() => t?.close());

let count = 0;
const paidPlayer = () => t.newPlayer(`emit${(count += 1)}`, { activation: 'paid' });
/** 100 wheat: 0.5 RUNIK gross, 0.45 after the 10% tax. */
const convertWheat = (playerId: number) => conversion.convertToRunik(playerId, { selectedResources: ['wheat'], amount: 100_000 });

async function dayRow(day: string): Promise<{ budget: number; used: number } | undefined> {
  const [row] = await t.dataSource.query(`SELECT budget::int, used::int FROM emission_days WHERE day = $1`, [day]);
  return row;
}

/** RUNIK paid players were credited by conversions in the game day of `day`, thousandths. */
async function convertedByPaid(since: string): Promise<number> {
  const [{ total }] = await t.dataSource.query(
    `SELECT coalesce(sum(e.delta), 0)::int AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN players p ON p.id = a.player_id
      WHERE e.reason = 'convert-to-runik' AND e.asset = 'runik' AND p.activation = 'paid' AND e.created_at >= $1`,
    [since],
  );
  return total;
}

describe('the emission budget', () => {
  it("never mints more than the day's budget when 30 paid players convert at once, and says so to the rest", async () => {
    const players = await Promise.all(Array.from({ length: 30 }, paidPlayer));
    const outcomes = await Promise.allSettled(players.map(convertWheat));
    const done = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    // 10 RUNIK / 0.45: 22 conversions fit, the 23rd would overdraw by 0.35.
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      if (!(outcome.reason instanceof HttpException)) throw outcome.reason;
      const error = outcome.reason as HttpException;
      expect(error.getStatus()).toBe(429);
      expect((error.getResponse() as { error: string; limitedBy: string }).limitedBy).toBe('budget');
    }
    expect(done).toHaveLength(22);
    const today = gameDayKey(clock.nowMs());
    expect(await dayRow(today)).toEqual({ budget: 10_000, used: 22 * 450 });
    expect(await convertedByPaid('2026-05-10T00:00:00Z')).toBe(22 * 450);

    // The preview says what is left and why; the refusal names the budget with the time to the reset (08:00 Manila, 00:00 UTC).
    const preview = await conversion.previewToRunik(players[0], { selectedResources: ['wheat'], amount: 100_000 });
    expect(preview).toMatchObject({
      conversionLimitedBy: 'budget',
      conversionLeftToday: 0.1,
      emissionShareToday: 10,
      emissionBudgetLeftToday: 0.1,
    });
    const refused = await convertWheat(players[0]).catch((error: HttpException) => error);
    expect((refused as HttpException).getResponse()).toMatchObject({ error: CityMessages.emissionBudgetSpent('0.100', '22:00:00') });
  });

  it('opens a new budget the next game day, and a free account converts without drawing from it', async () => {
    clock.set('2026-05-11T01:00:00Z');
    const paid = await paidPlayer();
    const free = await t.newPlayer(`emit${(count += 1)}`);
    await convertWheat(paid);
    const freeConversion = await convertWheat(free);
    expect(freeConversion).toMatchObject({
      runikGained: 0.45,
      conversionLimitedBy: 'cap',
      emissionShareToday: null,
      emissionBudgetLeftToday: null,
    });
    expect(await dayRow('2026-05-11')).toEqual({ budget: 10_000, used: 450 });
  });

  it("splits the budget by yesterday's production: k accounts of one contribution each earn what one player with it earns", async () => {
    clock.set('2026-05-12T03:00:00Z');
    const [small, big, ...alts] = await Promise.all(Array.from({ length: 5 }, paidPlayer));
    const harvest = (playerId: number, wheat: number) =>
      t.dataSource.transaction((manager) => t.cities.mint(manager, playerId, { wheat }, 'harvest'));
    // 100 RUNIK of wheat for one, 300 for another, 100 for each of three alts of one actor.
    await harvest(small, 20_000_000);
    await harvest(big, 60_000_000);
    for (const alt of alts) await harvest(alt, 20_000_000);
    clock.set('2026-05-13T03:00:00Z');
    const allowance = (playerId: number) => t.emission.allowanceOf(t.dataSource.manager, playerId, clock.now());
    const totalWeight = 7 * contributionWeight(100_000);
    expect((await allowance(small)).share).toBe(emissionShare(10_000, 100_000, totalWeight));
    expect((await allowance(big)).share).toBe(emissionShare(10_000, 300_000, totalWeight));
    for (const alt of alts) expect((await allowance(alt)).share).toBe((await allowance(small)).share);
    // A newcomer who produced nothing yesterday still counts for the newcomer's weight.
    expect((await allowance(await paidPlayer())).share).toBe(emissionShare(10_000, contributionWeight(0), totalWeight));
  });

  it('is sized from the treasury by the worker once a day: a share of the RNK held above all that is owed, within minimum and ceiling', async () => {
    clock.set('2026-05-14T03:00:00Z');
    const wide = testEmission(t.dataSource, clock, {
      EMISSION_DAILY_MINIMUM: '5',
      EMISSION_DAILY_CEILING: '1000',
      EMISSION_SURPLUS_SHARE_PERCENT: '10',
    });
    const owed = owedOf(await readLiabilities(t.dataSource.manager));
    wide.setTreasuryRnk(owed + 3_000_000);
    const sized = await wide.emission.sizeToday();
    // 10% of the 3,000 RNK above what is owed.
    expect(sized).toMatchObject({ day: '2026-05-14', budget: 300_000, sizedFromTreasury: true });
    // Once a day: a later reading changes nothing.
    wide.setTreasuryRnk(0);
    expect(await wide.emission.sizeToday()).toBeNull();
    expect(await dayRow('2026-05-14')).toEqual({ budget: 300_000, used: 0 });
    // Hive Engine out of reach: the day keeps its minimum until a later tick can read it.
    clock.set('2026-05-15T03:00:00Z');
    const down = testEmission(t.dataSource, clock, { EMISSION_DAILY_MINIMUM: '5' });
    down.setTreasuryRnk(null);
    expect(await down.emission.sizeToday()).toBeNull();
    await t.dataSource.transaction((manager) => down.emission.dayOf(manager, clock.now()));
    expect(await dayRow('2026-05-15')).toEqual({ budget: 5_000, used: 0 });
  });
});

describe('activation and locked RUNIK', () => {
  let players: PlayersService;
  beforeAll(() => {
    players = new PlayersService(
      t.dataSource.getRepository(Player) as Repository<Player>,
      t.config,
      t.ledger,
      t.cityService,
      t.emission,
      clock,
    );
  });

  it('releases at most ACTIVATION_RELEASE_RUNIK of a grown free account, drawn from the budget; the rest is spendable, not withdrawable', async () => {
    clock.set('2026-05-16T03:00:00Z');
    const free = await t.newPlayer(`emit${(count += 1)}`, { runik: 2_000_000 });
    const before = await readLiabilities(t.dataSource.manager);
    expect(before.contingent).toBeGreaterThanOrEqual(ACTIVATION_RELEASE_RUNIK);
    const player = (await t.dataSource.getRepository(Player).findOneBy({ id: free }))!;
    await t.dataSource.transaction((manager) => players.activate(manager, player));
    // The day's budget (10 RUNIK) bounds the release below the 300 of the rule: what it allowed is released, the rest locked.
    expect(await dayRow('2026-05-16')).toEqual({ budget: 10_000, used: 10_000 });
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(10_000);
    const after = await readLiabilities(t.dataSource.manager);
    expect(after.withdrawable - before.withdrawable).toBe(10_000);
    expect(after.locked - before.locked).toBe(1_990_000);

    // Spending in the game uses locked RUNIK first: what may be withdrawn is unchanged.
    await t.dataSource.transaction((manager) => t.cities.spend(manager, free, { runik: 1_000_000 }, 'upgrade-ch'));
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(10_000);
    const [{ locked }] = await t.dataSource.query(`SELECT locked_runik::int AS locked FROM players WHERE id = $1`, [free]);
    expect(locked).toBe(990_000);
  });

  it('releases what a free account deposited in full: its RNK backs it; only what it earned beyond draws from the budget', async () => {
    clock.set('2026-05-17T03:00:00Z');
    const free = await t.newPlayer(`emit${(count += 1)}`, { runik: 100_000 });
    await t.dataSource.transaction(async (manager) => {
      const [{ id }] = await manager.query(
        `INSERT INTO deposits (transaction_id, player_id, amount_thousandths, status, created_at, updated_at) VALUES ('tx-free-deposit', $1, 700000, 'completed', now(), now()) RETURNING id`,
        [free],
      );
      await t.ledger.post(manager, {
        reason: 'deposit',
        reference: `deposit:${id}`,
        legs: [
          { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -700_000 },
          { account: { playerId: free }, asset: 'runik', delta: 700_000 },
        ],
      });
    });
    // Counted as owed before the activation: all it could release at once.
    const before = await readLiabilities(t.dataSource.manager);
    const player = (await t.dataSource.getRepository(Player).findOneBy({ id: free }))!;
    await t.dataSource.transaction((manager) => players.activate(manager, player));
    // 700 backed by its deposit, 10 (the day's whole budget) of the 100 it earned; 90 locked.
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(710_000);
    expect(await dayRow('2026-05-17')).toEqual({ budget: 10_000, used: 10_000 });
    const after = await readLiabilities(t.dataSource.manager);
    expect(after.withdrawable - before.withdrawable).toBe(710_000);
    expect(before.contingent - after.contingent).toBe(800_000);
  });

  it('refuses a withdrawal of locked RUNIK with what may be withdrawn', async () => {
    const queue = { add: async () => undefined } as never;
    const guardRails = new WithdrawalGuardRails(
      t.dataSource,
      queue,
      t.config,
      new TreasuryService(t.dataSource, t.config, {} as never),
      clock,
    );
    const withdrawals = new WithdrawService(t.dataSource, queue, t.ledger, guardRails, clock, t.config);
    const player = await paidPlayer();
    await t.dataSource.transaction(async (manager) => {
      await t.cities.mint(manager, player, { runik: 50_000 }, 'shop-purchase', 'shop-purchase:1');
      await t.ledger.lockRunik(manager, player, 50_000);
    });
    const refused = await withdrawals.withdraw(player, 1_000).catch((error: HttpException) => error);
    expect((refused as HttpException).getStatus()).toBe(400);
    expect((refused as HttpException).getResponse()).toEqual({ error: WalletMessages.lockedRunik('0.000', '50.000') });
    expect((await withdrawals.statusOf(player)).withdrawableRunik).toBe(0);
  });
});

describe('a small surplus', () => {
  it('bounds the minimum by half the RNK held above all that is owed, and a day starts within half the surplus last measured', async () => {
    clock.set('2026-05-20T03:00:00Z');
    const small = testEmission(t.dataSource, clock, { EMISSION_DAILY_MINIMUM: '5', EMISSION_DAILY_CEILING: '1000' });
    small.setTreasuryRnk(owedOf(await readLiabilities(t.dataSource.manager)) + 2_000);
    expect(await small.emission.sizeToday()).toMatchObject({ day: '2026-05-20', budget: 1_000 });
    // The next day starts with the surplus last measured until the worker sizes it.
    clock.set('2026-05-21T03:00:00Z');
    await t.dataSource.transaction((manager) => small.emission.dayOf(manager, clock.now()));
    expect(await dayRow('2026-05-21')).toEqual({ budget: 1_000, used: 0 });
  });
});
