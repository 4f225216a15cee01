import { join } from 'node:path';
import { ApiRoutes } from '@runik/contract';
import { emissionAllowance, emissionSlices, gameDay, gameDayKey, previewToRunik, saleSplit, youngSince } from '@runik/rules';
import { BenchGame, LISTING_PRICE, seedListings } from './game';
import { alternate, LoadResult, mergeLoads, RequestSpec, runLoad } from './load';
import { mergePgbench, PgbenchResult, runPgbench } from './pgbench';
import { formatNumber, ScenarioReport, throughputRow } from './report';
import type { SeededPlayer } from './seed';
import { describeLength, SliceSizes } from './sizes';
import { API_POOL_MAX, BenchmarkRun, CpuUse, log, queryDatabase, sleep, startCpuMeter, startMachineMeter } from './support';

/**
 * The api's pg pool holds 20 connections and pgbench runs as many clients, so both sides have at most that many
 * transactions in flight (the api's 20 calls at once, part of each spent outside PostgreSQL, keep most of them busy).
 */
export const MONEY_CONNECTIONS = API_POOL_MAX;
const DRAIN_MS = 300;
const SCRIPTS = join(__dirname, 'pgbench');
/** Each conversion: 1 wheat (thousandths) to RUNIK. */
const CONVERTED_WHEAT = 1000;

const GEAR = 'gear purchase, POST /api/p2p/buy';
const CONVERSION = 'resource conversion, POST /api/city/convert/{username}';

/**
 * The two money actions against pgbench running the same transaction as a custom script
 * (bench/pgbench/*.sql), at 20 connections on the same database, in alternating slices (at full size
 * 2 of 4 s each side, sizes.ts). Goal (the project's): at least 0.7 of pgbench's transactions per second.
 *   - Gear purchase: a paid buyer (one of 1,000, at random) buys a listed gear (every call a listing
 *     of its own) from one of the sellers: the price leaves the buyer, 96 % goes to the seller and
 *     the rest to the tax account, the gear changes owner.
 *   - Resource conversion: a paid player (one of 1,000, at random) converts 1 wheat to RUNIK (the
 *     mint pays, the tax account takes 10 %, the wheat is burnt), drawing from the day's emission
 *     budget as the game does; the pgbench script draws the same way.
 */
export async function moneyActions(
  run: BenchmarkRun,
  apiUrl: string,
  apiPid: number,
  game: BenchGame,
  size: SliceSizes,
): Promise<ScenarioReport> {
  const accounts = await systemAccounts(run.database);
  const randomPlayer = () => game.players[Math.floor(Math.random() * game.players.length)];
  const post = (player: SeededPlayer, path: string, body: unknown): RequestSpec => ({
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  /** One action measured against its pgbench script in alternating slices, after a warm-up of the api. */
  const compare = async (
    name: string,
    next: () => RequestSpec,
    warmUp: () => Promise<LoadResult>,
    script: string,
    variablesAfterWarmUp: () => Promise<Record<string, string | number>>,
  ) => {
    assertAllOk(`${name} warm-up`, await warmUp());
    const variables = await variablesAfterWarmUp();
    await sleep(DRAIN_MS);
    const latencies: number[] = [];
    const apiSlices: LoadResult[] = [];
    const pgbenchSlices: PgbenchResult[] = [];
    const cpu = new CpuTotal();
    await alternate(size.rounds, [
      async () => {
        const stopMeter = await startCpuMeter(apiPid, run.database);
        const stopMachine = startMachineMeter();
        apiSlices.push(await runLoad({ url: apiUrl, connections: MONEY_CONNECTIONS, ...size.slice, next, latencies }));
        cpu.addMachine('api', stopMachine());
        cpu.add(await stopMeter());
        await sleep(DRAIN_MS);
      },
      async () => {
        const stopMachine = startMachineMeter();
        pgbenchSlices.push(
          await runPgbench({
            database: run.database,
            script: join(SCRIPTS, script),
            clients: MONEY_CONNECTIONS,
            length: size.slice,
            name: `${run.redisPrefix}-pgbench`,
            variables,
          }),
        );
        cpu.addMachine('pgbench', stopMachine());
      },
    ]);
    const api = mergeLoads(apiSlices, latencies);
    const pgbench = mergePgbench(pgbenchSlices);
    assertAllOk(name, api);
    if (pgbench.transactions === 0 || pgbench.failed > 0)
      throw new Error(`pgbench ${name}: ${pgbench.transactions} transactions, ${pgbench.failed} failed`);
    log(`${name}: api ${formatNumber(api.requestsPerSecond)}/s, pgbench ${formatNumber(pgbench.transactionsPerSecond)}/s`);
    return { api, pgbench, cpu: describeCpu(cpu, api.requests, pgbench.transactions) };
  };

  // Gear purchase: every call buys a listing of its own (a sold one would answer 409 and fail the run's check).
  const buying = (listings: number[], pickBuyer: (call: number) => SeededPlayer) => {
    let next = 0;
    const nextCall = () => {
      const buyer = pickBuyer(next);
      return post(buyer, ApiRoutes.buyGear, { buyerUsername: buyer.username, listingId: listings[next++ % listings.length] });
    };
    return Object.assign(nextCall, { unsold: () => listings.length - next });
  };
  const split = saleSplit(LISTING_PRICE);
  const buyingAtRandom = buying(game.listings.api.ids, randomPlayer);
  const gear = await compare(
    'gear purchase',
    buyingAtRandom,
    // The warm-up has every player buy once, so the api holds every account's id as a running server does.
    async () => {
      assertAllOk(
        'gear purchase warm-up, every player once',
        await runLoad({
          url: apiUrl,
          connections: MONEY_CONNECTIONS,
          amount: game.listings.apiWarmUp.ids.length,
          next: buying(game.listings.apiWarmUp.ids, (call) => game.players[call % game.players.length]),
        }),
      );
      const warmUp = await runLoad({ url: apiUrl, connections: MONEY_CONNECTIONS, ...size.warmUp, next: buyingAtRandom });
      // The seeded listings last a box as fast as the bench's first ones; a faster box gets more before it is measured,
      // enough for the measured slices at twice the warm-up's rate.
      const measured = size.rounds * (size.slice.amount ?? Math.ceil(size.slice.seconds * warmUp.requestsPerSecond * 2));
      const missing = measured - buyingAtRandom.unsold();
      if (missing > 0) {
        const sellerIds = game.sellers.map((seller) => seller.playerId);
        game.listings.api.ids.push(...(await seedListings(run.database, sellerIds, missing)));
      }
      return warmUp;
    },
    'gear-purchase.sql',
    async () => ({
      buyer_first: game.playerIds.first,
      buyer_last: game.playerIds.last,
      listing_first: game.listings.pgbench.first,
      listing_last: game.listings.pgbench.last,
      account_offset: accounts.playerOffset,
      tax_account: accounts['system:tax'],
      price_debit: -LISTING_PRICE * 1000,
      seller_share: split.seller,
      tax_share: split.tax,
    }),
  );

  const converting = () => {
    const player = randomPlayer();
    return post(player, ApiRoutes.cityConvert(player.username), { selectedResources: ['wheat'], amount: CONVERTED_WHEAT / 1000 });
  };
  const preview = previewToRunik(['wheat'], CONVERTED_WHEAT, { wheat: CONVERTED_WHEAT * 10, lumber: 0, stone: 0, ore: 0 });
  const gross = preview.runikAfterTax + preview.tax;
  const conversion = await compare(
    'resource conversion',
    converting,
    () => runLoad({ url: apiUrl, connections: MONEY_CONNECTIONS, ...size.warmUp, next: converting }),
    'resource-conversion.sql',
    async () => ({
      player_first: game.playerIds.first,
      player_last: game.playerIds.last,
      account_offset: accounts.playerOffset,
      mint_account: accounts['system:mint'],
      burn_account: accounts['system:burn'],
      tax_account: accounts['system:tax'],
      amount: CONVERTED_WHEAT,
      amount_debit: -CONVERTED_WHEAT,
      gained: preview.runikAfterTax,
      gross_debit: -gross,
      tax: preview.tax,
      ...(await emissionDay(run.database)),
    }),
  );

  const each = `${size.rounds} alternating slices of ${describeLength(size.slice)} each side`;
  return {
    rows: [
      throughputRow(GEAR, MONEY_CONNECTIONS, 'tx/s', gear.api.requestsPerSecond, gear.pgbench.transactionsPerSecond, 0.7),
      throughputRow(CONVERSION, MONEY_CONNECTIONS, 'tx/s', conversion.api.requestsPerSecond, conversion.pgbench.transactionsPerSecond, 0.7),
    ],
    details: [
      `Gear purchase (a listed gear bought from another player, RUNIK to the seller and the tax account; a listing per call, buyers at random among ${formatNumber(game.players.length)}), ${each}: ` +
        `api ${describeLoad(gear.api)}; pgbench (bench/pgbench/gear-purchase.sql) ${describePgbench(gear.pgbench)}. ${gear.cpu}`,
      `Resource conversion (1 wheat to RUNIK, players at random among ${formatNumber(game.players.length)}), ${each}: ` +
        `api ${describeLoad(conversion.api)}; pgbench (bench/pgbench/resource-conversion.sql) ${describePgbench(conversion.pgbench)}. ${conversion.cpu}`,
    ],
  };
}

/**
 * What pgbench's conversion draws against, as the api works it out per call: today's game day and its
 * instants, and of the day's row (made by the warm-up's conversions) the budget, the newcomers' slice
 * and a young newcomer's share (the bench's players were paid today and harvested nothing yesterday).
 */
async function emissionDay(database: string): Promise<Record<string, string | number>> {
  const now = Date.now();
  const day = gameDayKey(now);
  const [row] = await queryDatabase<{ budget: string; total_weight: string }>(
    database,
    `SELECT budget, total_weight FROM emission_days WHERE day = $1::date`,
    [day],
  );
  if (!row) throw new Error(`no emission budget row for ${day} after the conversions' warm-up`);
  const state = { budget: Number(row.budget), totalWeight: Number(row.total_weight), used: { producers: 0, newcomers: 0, releases: 0 } };
  const { start } = gameDay(now);
  return {
    day,
    day_start: start.toISOString(),
    yesterday_start: new Date(start.getTime() - 86_400_000).toISOString(),
    young_since: youngSince(now).toISOString(),
    day_budget: state.budget,
    newcomers_slice: emissionSlices(state.budget, state.totalWeight).newcomers,
    share: emissionAllowance(state, { weight: null, drawn: 0, young: true }).share ?? 0,
  };
}

/**
 * The ids pgbench needs and the api keeps in memory: the system accounts', and a player's account
 * id less the player's id, which seedGame makes the same for every player.
 */
async function systemAccounts(database: string): Promise<Record<string, number> & { playerOffset: number }> {
  const rows = await queryDatabase<{ code: string; id: string }>(
    database,
    `SELECT code, id FROM ledger_accounts WHERE code LIKE 'system:%'`,
  );
  const offsets = await queryDatabase<{ offset: string }>(
    database,
    `SELECT DISTINCT id - player_id AS offset FROM ledger_accounts WHERE player_id IS NOT NULL`,
  );
  if (offsets.length !== 1) throw new Error(`players' account ids are not their ids plus one offset (${offsets.length} offsets)`);
  return { ...Object.fromEntries(rows.map((row) => [row.code, Number(row.id)])), playerOffset: Number(offsets[0].offset) };
}

/**
 * CPU seconds summed over the slices: the api's process, the PostgreSQL backends serving it and autocannon over the
 * api's (unknown once a slice could not be read), and the whole machine's busy and idle time over each side's.
 */
class CpuTotal {
  api = 0;
  postgres = 0;
  autocannon = 0;
  known = true;
  readonly machine = { api: { busy: 0, idle: 0 }, pgbench: { busy: 0, idle: 0 } };

  add(used: CpuUse | null): void {
    if (!used) this.known = false;
    else {
      this.api += used.api;
      this.postgres += used.postgres;
      this.autocannon += used.bench;
    }
  }

  addMachine(side: 'api' | 'pgbench', used: { busy: number; idle: number }): void {
    this.machine[side].busy += used.busy;
    this.machine[side].idle += used.idle;
  }
}

/**
 * The api side's CPU per call by process (/proc): throughput on a shared machine moves with the others' load, CPU per
 * call much less. pgbench's backends have left by the time its slice ends, so its side is read as the whole machine's
 * CPU per transaction, which the api side's is given beside: with both sides bound by the 2 cores, the ratio of the
 * two sides' rates is about the inverse ratio of these, each scaled by the share of time the cores were busy.
 */
function describeCpu(cpu: CpuTotal, calls: number, transactions: number): string {
  if (!cpu.known || calls === 0 || transactions === 0) return '';
  const ms = (seconds: number, count: number) => formatNumber((seconds * 1000) / count, 2);
  const idle = ({ busy, idle }: { busy: number; idle: number }) => formatNumber((100 * idle) / (busy + idle || 1));
  return (
    `CPU per api call (/proc): api process ${ms(cpu.api, calls)} ms, PostgreSQL ${ms(cpu.postgres, calls)} ms, ` +
    `autocannon ${ms(cpu.autocannon, calls)} ms. The whole machine's CPU per transaction: api side ` +
    `${ms(cpu.machine.api.busy, calls)} ms (cores idle ${idle(cpu.machine.api)} % of the time), pgbench side ` +
    `${ms(cpu.machine.pgbench.busy, transactions)} ms (idle ${idle(cpu.machine.pgbench)} %).`
  );
}

function describeLoad(result: LoadResult): string {
  return `${formatNumber(result.requests)} calls, ${formatNumber(result.requestsPerSecond)}/s, p50 ${formatNumber(result.p50, 1)} ms, p99 ${formatNumber(result.p99, 1)} ms`;
}

function describePgbench(result: PgbenchResult): string {
  return `${formatNumber(result.transactions)} transactions, ${formatNumber(result.transactionsPerSecond)}/s, p50 ${formatNumber(result.p50, 1)} ms, p99 ${formatNumber(result.p99, 1)} ms`;
}

function assertAllOk(name: string, result: LoadResult): void {
  if (result.requests === 0 || result.non2xx + result.errors + result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.requests} responses, status ${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
}
