import { ApiRoutes, ErrorMessages, type FirstStepsResponse } from '@runik/contract';
import { apiClient, login } from '../support/api-client';
import { attack, pastNewcomerShield, setArmy } from '../support/attack';
import { grant, newCityPlayer, setCityHallLevel, type CityPlayer } from '../support/city';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

/** The first-steps guide over HTTP (not in the spec: issue 20): progress from the real actions, skip, ownership, bad input. */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

async function progressOf(player: CityPlayer): Promise<FirstStepsResponse> {
  const response = await player.api.get<FirstStepsResponse>(ApiRoutes.firstSteps(player.username));
  expect(response.status).toBe(200);
  return response.data;
}

const done = (progress: FirstStepsResponse) => progress.steps.filter((step) => step.done).map((step) => step.id);

async function post(player: CityPlayer, url: string, body?: unknown): Promise<FirstStepsResponse> {
  const response = await player.api.post<FirstStepsResponse>(url, body);
  expect(response.status).toBe(200);
  return response.data;
}

describe('first steps', () => {
  it('tick off each step when the player does it through the game’s own calls', async () => {
    const [player, target] = [await newCityPlayer(stack, 'fsp'), await newCityPlayer(stack, 'fst')];
    expect(await progressOf(player)).toEqual({
      steps: ['harvest', 'upgrade-farm', 'train-infantry', 'raid', 'alliances'].map((id) => ({ id, done: false })),
      skipped: false,
      finished: false,
    });

    expect((await player.api.post(ApiRoutes.cityHarvest(player.username))).status).toBe(200);
    await setCityHallLevel(stack, player, 2);
    await grant(stack, player, 'runik', 5_000);
    expect((await player.api.post(ApiRoutes.cityUpgrade(player.username, 'wheat'))).status).toBe(200);
    expect((await player.api.post(ApiRoutes.cityTrain(player.username), { building: 'quarters', count: 1 })).status).toBe(200);
    expect(done(await progressOf(player))).toEqual(['harvest', 'upgrade-farm', 'train-infantry']);

    await setArmy(stack, player, { infantry: 50 });
    await pastNewcomerShield(stack, target);
    expect((await attack(player, target.username)).status).toBe(200);
    expect(await progressOf(player)).toMatchObject({ finished: false });

    const seen = await post(player, ApiRoutes.firstStepsSeenAlliances(player.username));
    expect(done(seen)).toEqual(['harvest', 'upgrade-farm', 'train-infantry', 'raid', 'alliances']);
    expect(seen).toMatchObject({ skipped: false, finished: true });
    expect(await progressOf(player)).toEqual(seen);
  });

  it('stay skipped on every session, and skipping twice changes nothing', async () => {
    const player = await newCityPlayer(stack, 'fss');
    const skipped = await post(player, ApiRoutes.firstStepsSkip(player.username), {});
    expect(skipped).toMatchObject({ skipped: true, finished: false });
    expect(await post(player, ApiRoutes.firstStepsSkip(player.username))).toEqual(skipped);
    expect(await progressOf(player)).toEqual(skipped);
    // Another device: a new session of the same player.
    const { token } = await login(apiClient(stack.apiUrl), player.username);
    expect(await progressOf({ ...player, api: apiClient(stack.apiUrl, token) })).toEqual(skipped);
  });

  it('refuse another player’s guide (403), no session (401) and bad input (400), each with a message', async () => {
    const [player, other] = [await newCityPlayer(stack, 'fso'), await newCityPlayer(stack, 'fsx')];
    const refusal = async (call: Promise<{ status: number; data: { error?: string } }>) => {
      const { status, data } = await call;
      return [status, data.error];
    };
    expect(await refusal(player.api.get(ApiRoutes.firstSteps(other.username)))).toEqual([403, ErrorMessages.notYourAccount]);
    expect(await refusal(player.api.post(ApiRoutes.firstStepsSkip(other.username)))).toEqual([403, ErrorMessages.notYourAccount]);
    expect(await refusal(player.api.post(ApiRoutes.firstStepsSeenAlliances(other.username)))).toEqual([403, ErrorMessages.notYourAccount]);
    expect(await refusal(apiClient(stack.apiUrl).get(ApiRoutes.firstSteps(player.username)))).toEqual([401, ErrorMessages.sessionRequired]);
    expect(await refusal(apiClient(stack.apiUrl).post(ApiRoutes.firstStepsSkip(player.username)))).toEqual([
      401,
      ErrorMessages.sessionRequired,
    ]);

    for (const [status, message] of [
      await refusal(player.api.post(ApiRoutes.firstStepsSkip(player.username), { skipped: true })),
      await refusal(player.api.post(ApiRoutes.firstStepsSeenAlliances(player.username), { alliance: 1 })),
      await refusal(player.api.get(`${ApiRoutes.firstSteps(player.username)}?step=raid`)),
    ]) {
      expect(status).toBe(400);
      expect(message).toEqual(expect.any(String));
    }
    // Refused calls recorded nothing.
    expect(await progressOf(player)).toMatchObject({ skipped: false });
    expect(done(await progressOf(player))).toEqual([]);
  });
});
