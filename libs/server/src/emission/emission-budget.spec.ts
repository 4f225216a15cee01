import { HttpException } from '@nestjs/common';
import {
  ACTIVATION_RELEASE_RUNIK,
  contributionWeight,
  EARN_BACK_FLOOR_DAYS,
  emissionShare,
  emissionSlices,
  gameDayKey,
  owedOf,
  YOUNG_ACCOUNT_DAILY_SHARE,
  youngSince,
} from '@runik/rules';
import { CityMessages, WalletMessages } from '@runik/contract';
import { ConversionService } from '../city/conversion.service';
import { Player } from '../players/player.entity';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { testEmission } from '../testing/test-emission';
import { TreasuryService } from '../wallet/treasury.service';
import { WithdrawService } from '../wallet/withdraw.service';
import { WithdrawalGuardRails } from '../wallet/withdrawal-guard-rails';
import { readLiabilities } from './liabilities';

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
  it("never mints more than the newcomers' slice when 30 new paid players convert at once, and says so to the rest", async () => {
    const players = await Promise.all(Array.from({ length: 30 }, paidPlayer));
    const outcomes = await Promise.allSettled(players.map(convertWheat));
    const done = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    // No producers yesterday: the newcomers hold 9 of the 10 RUNIK (1 is the releases'). 9 / 0.45: 20 conversions fit.
    expect(emissionSlices(10_000, 0)).toEqual({ producers: 0, newcomers: 9_000, releases: 1_000 });
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      if (!(outcome.reason instanceof HttpException)) throw outcome.reason;
      const error = outcome.reason as HttpException;
      expect(error.getStatus()).toBe(429);
      expect((error.getResponse() as { error: string; limitedBy: string }).limitedBy).toBe('newcomers');
    }
    expect(done).toHaveLength(20);
    const today = gameDayKey(clock.nowMs());
    expect(await dayRow(today)).toEqual({ budget: 10_000, used: 20 * 450 });
    expect(await convertedByPaid('2026-05-10T00:00:00Z')).toBe(20 * 450);

    // The preview says what is left and why; the refusal names the slice with the time to the reset (08:00 Manila, 00:00 UTC).
    const preview = await conversion.previewToRunik(players[0], { selectedResources: ['wheat'], amount: 100_000 });
    expect(preview).toMatchObject({
      conversionLimitedBy: 'newcomers',
      conversionLeftToday: 0,
      emissionShareToday: 9,
      emissionBudgetLeftToday: 1,
    });
    const refused = await convertWheat(players[0]).catch((error: HttpException) => error);
    expect((refused as HttpException).getResponse()).toMatchObject({ error: CityMessages.emissionSpent.newcomers('0.000', '22:00:00') });
  });

  it('opens a new budget the next game day, and a free account converts without drawing from it: its RUNIK is game-only, owed by no one', async () => {
    clock.set('2026-05-11T01:00:00Z');
    const paid = await paidPlayer();
    const free = await t.newPlayer(`emit${(count += 1)}`);
    await convertWheat(paid);
    const before = owedOf(await readLiabilities(t.dataSource.manager));
    const freeConversion = await convertWheat(free);
    expect(freeConversion).toMatchObject({
      runikGained: 0.45,
      conversionLimitedBy: 'cap',
      emissionShareToday: null,
      emissionBudgetLeftToday: null,
    });
    expect(await dayRow('2026-05-11')).toEqual({ budget: 10_000, used: 450 });
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(0);
    const after = await readLiabilities(t.dataSource.manager);
    expect(owedOf(after)).toBe(before);
    expect(after.freeGameOnly).toBeGreaterThanOrEqual(450);
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
    const slices = emissionSlices(10_000, totalWeight);
    expect((await allowance(small)).share).toBe(emissionShare(slices, 100_000, totalWeight));
    expect((await allowance(big)).share).toBe(emissionShare(slices, 300_000, totalWeight));
    for (const alt of alts) expect((await allowance(alt)).share).toBe((await allowance(small)).share);
    // A newcomer who produced nothing yesterday gets what a producer of a newcomer's weight gets, from the newcomers' slice.
    expect(await allowance(await paidPlayer())).toMatchObject({ weight: null, share: emissionShare(slices, null, totalWeight) });
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
  /** A free account holding `gameOnly` RUNIK minted while free (game-only, as a conversion leaves it). */
  async function grownFreeAccount(gameOnly: number): Promise<number> {
    const free = await t.newPlayer(`emit${(count += 1)}`, { runik: gameOnly });
    await t.dataSource.transaction((manager) => t.ledger.lockRunik(manager, free, gameOnly));
    return free;
  }
  const activate = async (playerId: number) => {
    const player = (await t.dataSource.getRepository(Player).findOneBy({ id: playerId }))!;
    await t.dataSource.transaction((manager) => t.players.activate(manager, player));
  };
  const waitingOf = async (playerId: number) =>
    (
      await t.dataSource.query(`SELECT release_waiting::int AS waiting, locked_runik::int AS locked FROM players WHERE id = $1`, [playerId])
    )[0];

  it("releases at most ACTIVATION_RELEASE_RUNIK of a grown free account from the releases' slice; what the slice cannot give today waits for the next days; the rest is spendable, not withdrawable", async () => {
    clock.set('2026-05-16T03:00:00Z');
    const free = await grownFreeAccount(2_000_000);
    const before = await readLiabilities(t.dataSource.manager);
    // Game-only RUNIK is owed to no one until an activation releases it.
    expect(before.freeGameOnly).toBeGreaterThanOrEqual(2_000_000);
    await activate(free);
    // The releases' slice of a 10 RUNIK budget is 1 RUNIK: released today; 299 of the 300 wait; 1,700 stay game-only.
    expect(await t.dataSource.query(`SELECT releases_used::int AS released FROM emission_days WHERE day = '2026-05-16'`)).toEqual([
      { released: 1_000 },
    ]);
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(1_000);
    expect(await waitingOf(free)).toEqual({ waiting: ACTIVATION_RELEASE_RUNIK - 1_000, locked: 1_999_000 });
    const after = await readLiabilities(t.dataSource.manager);
    expect(owedOf(after) - owedOf(before)).toBe(1_000);

    // The next day the worker releases more of what waits, from that day's slice; never more than it.
    clock.set('2026-05-17T03:00:00Z');
    await t.emission.releaseWaiting();
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(2_000);
    expect(await waitingOf(free)).toEqual({ waiting: ACTIVATION_RELEASE_RUNIK - 2_000, locked: 1_998_000 });

    // Spending in the game uses game-only RUNIK first: what may be withdrawn is unchanged.
    await t.dataSource.transaction((manager) => t.cities.spend(manager, free, { runik: 1_000_000 }, 'upgrade-ch'));
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(2_000);
    expect((await waitingOf(free)).locked).toBe(998_000);
  });

  it('makes what a free account deposited withdrawable in full at once: its RNK backs it; only its game-only RUNIK draws from the budget', async () => {
    clock.set('2026-05-18T03:00:00Z');
    const free = await grownFreeAccount(100_000);
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
    // Counted as owed before the activation: the deposit, all it could withdraw at once without the budget.
    const before = await readLiabilities(t.dataSource.manager);
    await activate(free);
    // 700 backed by its deposit, 1 (the day's releases' slice) of the 100 it earned; 99 wait.
    expect(await t.ledger.withdrawableOf(t.dataSource.manager, free)).toBe(701_000);
    expect(await waitingOf(free)).toEqual({ waiting: 99_000, locked: 99_000 });
    const after = await readLiabilities(t.dataSource.manager);
    expect(after.withdrawable - before.withdrawable).toBe(701_000);
    expect(before.contingent - after.contingent).toBe(700_000);
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
  it('bounds the minimum by half the RNK held above all that is owed, and a day starts within half the surplus last estimated', async () => {
    clock.set('2026-05-20T03:00:00Z');
    const small = testEmission(t.dataSource, clock, { EMISSION_DAILY_MINIMUM: '5', EMISSION_DAILY_CEILING: '1000' });
    small.setTreasuryRnk(owedOf(await readLiabilities(t.dataSource.manager)) + 2_000);
    expect(await small.emission.sizeToday()).toMatchObject({ day: '2026-05-20', budget: 1_000 });
    // The next day starts with the surplus last measured until the worker sizes it.
    // The worker's tick also released 0.1 RUNIK (the day's releases' slice) to the activation still waiting from 2026-05-16.
    expect(await dayRow('2026-05-20')).toEqual({ budget: 1_000, used: 100 });
    // The next day starts within half the surplus last measured less what was drawn since, until the worker sizes it.
    clock.set('2026-05-21T03:00:00Z');
    await t.dataSource.transaction((manager) => small.emission.dayOf(manager, clock.now()));
    expect(await dayRow('2026-05-21')).toEqual({ budget: (2_000 - 100) / 2, used: 0 });
  });
});

/** Moves a player's payment back `days` days: paid 21 game days ago or more, it is no longer young. */
const paidDaysAgo = (playerId: number, days: number) =>
  t.dataSource.query(`UPDATE players SET created_at = $2, activated_at = $2 WHERE id = $1`, [
    playerId,
    new Date(clock.now().getTime() - days * 86_400_000),
  ]);

describe('young accounts', () => {
  it('draws at most YOUNG_ACCOUNT_DAILY_SHARE a day for a player paid in the last 21 game days, whatever the budget; then its share', async () => {
    clock.set('2026-07-01T05:00:00Z');
    const wide = testEmission(t.dataSource, clock, { EMISSION_DAILY_MINIMUM: '100', EMISSION_DAILY_CEILING: '100' });
    wide.setTreasuryRnk(owedOf(await readLiabilities(t.dataSource.manager)) + 1_000_000_000);
    await wide.emission.sizeToday();
    const [young, lastYoungDay, grown] = [await paidPlayer(), await paidPlayer(), await paidPlayer()];
    // Paid at the start of the game day 20 days ago: today is its 21st game day, still young.
    await t.dataSource.query(`UPDATE players SET activated_at = $2 WHERE id = $1`, [lastYoungDay, youngSince(clock.now().getTime())]);
    await paidDaysAgo(grown, EARN_BACK_FLOOR_DAYS);
    const allowance = (playerId: number) => wide.emission.allowanceOf(t.dataSource.manager, playerId, clock.now());
    expect(await allowance(young)).toMatchObject({ young: true, share: YOUNG_ACCOUNT_DAILY_SHARE, limitedBy: 'young' });
    expect(await allowance(lastYoungDay)).toMatchObject({ young: true, share: YOUNG_ACCOUNT_DAILY_SHARE });
    expect(await allowance(grown)).toMatchObject({ young: false, share: 90_000 });
    // Every kind of budgeted mint counts against it: a draw past it is refused, the young cap named.
    await t.dataSource.transaction((manager) => wide.emission.draw(manager, young, YOUNG_ACCOUNT_DAILY_SHARE - 47, 'exact'));
    await expect(t.dataSource.transaction((manager) => wide.emission.draw(manager, young, 48, 'exact'))).rejects.toMatchObject({
      limitedBy: 'young',
      left: 47,
    });
  });
});

describe('a share raced', () => {
  it("a race of 20 conversions on one player's share draws at most the share", async () => {
    clock.set('2026-06-01T05:00:00Z');
    // 100 RUNIK: the newcomers' slice is 90, so a newcomer's share (90) is under the daily cap (300).
    const wide = testEmission(t.dataSource, clock, { EMISSION_DAILY_MINIMUM: '100', EMISSION_DAILY_CEILING: '100' });
    wide.setTreasuryRnk(owedOf(await readLiabilities(t.dataSource.manager)) + 1_000_000_000);
    await wide.emission.sizeToday();
    const racing = new ConversionService(t.dataSource, t.cities, t.ledger, wide.emission, clock);
    const player = await paidPlayer();
    await paidDaysAgo(player, EARN_BACK_FLOOR_DAYS);
    await t.dataSource.transaction((manager) => t.cities.mint(manager, player, { wheat: 40_000_000 }, 'test-grant'));
    // 2,000 wheat a conversion: 10 RUNIK gross, 9 after tax; 10 of the 20 fit the share.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => racing.convertToRunik(player, { selectedResources: ['wheat'], amount: 2_000_000 })),
    );
    const after = await wide.emission.allowanceOf(t.dataSource.manager, player, clock.now());
    expect(after.share).toBe(90_000);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    expect(after.drawn).toBe(90_000);
    expect(await t.dataSource.query(`SELECT budget::int, newcomers_used::int FROM emission_days WHERE day = '2026-06-01'`)).toEqual([
      { budget: 100_000, newcomers_used: 90_000 },
    ]);
  });
});

describe('a day sized between the allowance and the draw', () => {
  it("decides the draw again under the day's lock: a larger budget takes it, a smaller one refuses it with what is left, and nothing is drawn", async () => {
    clock.set('2026-08-01T05:00:00Z');
    const player = await paidPlayer();
    const allowance = await t.emission.allowanceOf(t.dataSource.manager, player, clock.now());
    const { day } = allowance.day;
    const draw = (amount: number) =>
      t.dataSource.transaction(async (manager) =>
        t.emission.drawFromDay(manager, await t.emission.drawShare(manager, player, amount, allowance)),
      );
    const drawn = async () => ({
      day: await t.dataSource.query(`SELECT used::int, newcomers_used::int FROM emission_days WHERE day = $1`, [day]),
      player: await t.dataSource.query(`SELECT used::int FROM emission_draws WHERE day = $1 AND player_id = $2`, [day, player]),
    });
    // Sized above what the allowance read: the in-place statement no longer matches, the locked row takes the draw.
    await t.dataSource.query(`UPDATE emission_days SET budget = 20000 WHERE day = $1`, [day]);
    await draw(2_000);
    expect(await drawn()).toEqual({ day: [{ used: 2_000, newcomers_used: 2_000 }], player: [{ used: 2_000 }] });
    // Sized down to 2.5 RUNIK: the newcomers' slice (2.25) has 0.25 left, and the draw of 1 is refused, naming it.
    await t.dataSource.query(`UPDATE emission_days SET budget = 2500 WHERE day = $1`, [day]);
    await expect(draw(1_000)).rejects.toMatchObject({ limitedBy: 'newcomers', left: 250 });
    expect(await drawn()).toEqual({ day: [{ used: 2_000, newcomers_used: 2_000 }], player: [{ used: 2_000 }] });
  });
});
