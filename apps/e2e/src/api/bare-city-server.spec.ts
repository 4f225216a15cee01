import { ApiRoutes } from '@runik/contract';
import type { CityResponse } from '@runik/contract';
import { cityDto, cityStateOf, type CityRow } from '@runik/server';
import { CityPlayer, cityOf, grant, injure, letTimePass, newCityPlayer, setCityHallLevel } from '../support/city';
import { startNodeProcess, stopProcess, waitForOutput, waitUntilHealthy } from '../support/processes';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

/**
 * bench/bare-city-server.ts, the baseline of `npm run bench`'s city read, runs the statement it recorded from the
 * server's own loadCity. For the same player it must answer the very row the api's city is made from: the api's
 * answer is that row through the server's own cityStateOf and cityDto. The cities are made so that the answer does
 * not move with the clock (production stopped at its 12-hour cap, training finished), so two reads a few
 * milliseconds apart agree to the last thousandth.
 */
const HOUR = 3_600_000;
let stack: Stack;
let bareUrl: string;
let bare: ReturnType<typeof startNodeProcess> | undefined;
let players: CityPlayer[];

beforeAll(async () => {
  stack = await sharedStack();
  const [busy, fresh] = await Promise.all([newCityPlayer(stack, 'bare'), newCityPlayer(stack, 'bare')]);
  // A city unlike a fresh one in most of the row (no gear equipped): City Hall, RUNIK, injured troops, a harvest, a training batch.
  await setCityHallLevel(stack, busy, 3);
  await grant(stack, busy, 'runik', 12_345);
  await injure(stack, busy, { infantry: 3, archers: 1 });
  expect((await busy.api.post(ApiRoutes.cityHarvest(busy.username))).status).toBe(200);
  expect((await busy.api.post(ApiRoutes.cityTrain(busy.username), { building: 'quarters', count: 2 })).status).toBe(200);
  for (const player of [busy, fresh]) await letTimePass(stack, player, 48 * HOUR);
  players = [busy, fresh];

  // Started after the players exist: it reads the players' ids once, at start.
  bare = startNodeProcess(`${stack.redisPrefix}-bare-city`, 'bench/bare-city-server.ts', {
    DATABASE_URL: stack.database.url,
    PORT: '0',
    POOL_MAX: '2',
    REDIS_PREFIX: stack.redisPrefix,
  });
  const [, port] = await waitForOutput(bare, /bare city server listening on (\d+)/);
  bareUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(`${bareUrl}/health`, bare);
});
afterAll(async () => {
  if (bare) await stopProcess(bare);
  await stack?.stop();
});

/** The bare server's row (its timestamps as Dates again) as the api would answer it now. */
async function bareCity(player: CityPlayer, prefix = ''): Promise<CityResponse> {
  const response = await player.api.get<string>(`${bareUrl}${prefix}${ApiRoutes.cityResources(player.username)}`, {
    responseType: 'text',
  });
  expect(response.status).toBe(200);
  const row = JSON.parse(response.data, (key, value) =>
    key.endsWith('_at') && typeof value === 'string' ? new Date(value) : value,
  ) as CityRow;
  return cityDto(cityStateOf(row), new Date());
}

describe("the bench's bare city server", () => {
  it("answers the api's city for the same player", async () => {
    for (const player of players) {
      const viaApi = await cityOf(player);
      expect(await bareCity(player)).toEqual(viaApi);
    }
    const [busy, fresh] = await Promise.all(players.map(cityOf));
    expect(busy).not.toEqual(fresh);
    expect(busy).toMatchObject({ chLevel: 3, resources: { runik: 12.345 }, sanctum: { injured: { infantry: 3, archers: 1 } } });
  });

  it("with the api's Redis round trip (session and rate limit in one script), reads the api's session cache: the same city for the player, 403 for another", async () => {
    const [busy, fresh] = players;
    // Reading through the api puts both sessions in its cache, so the refusal below is the name's, not a missing session's.
    const [viaApi] = await Promise.all(players.map(cityOf));
    expect(await bareCity(busy, '/with-redis')).toEqual(viaApi);
    const other = await fresh.api.get(`${bareUrl}/with-redis${ApiRoutes.cityResources(busy.username)}`);
    expect(other.status).toBe(403);
  });
});
