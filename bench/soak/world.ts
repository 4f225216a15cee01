import type { AxiosResponse } from 'axios';
import type { CityResponse } from '@runik/contract';
import { RESOURCE_KEYS, UNLOCKS, type ResourceKey } from '@runik/rules';
import { sendToken } from '../../apps/e2e/src/support/hive';
import { GAME_ACCOUNT, type Stack } from '../../apps/e2e/src/support/stack';
import { callApi, CallLog, CallOptions } from './calls';
import type { Bot } from './players';

/** What the bots share: the stack, the call log, every player's name and the deposits others may try to claim. */
export interface World {
  stack: Stack;
  log: CallLog;
  bots: Bot[];
  /** Real RNK deposits sent so far (any bot's), for others to claim as theirs. */
  depositTxs: { txId: string; amount: string; owner: string }[];
  /** Token transfers the bots broadcast on hive-sim, and how many the node refused. */
  chainSends: number;
  chainSendFailures: number;
  allianceCounter: number;
  /** Exceptions in the bots' own code (not the game's answers), with the action. */
  botErrors: string[];
}

/** A call by `bot`, counted under `action`. */
export function call(
  world: World,
  bot: Bot,
  action: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options?: CallOptions,
): Promise<AxiosResponse | null> {
  return callApi(world.log, bot.player.api, action, method, path, body, options);
}

/** Calls `times` copies of the same request at once (a double click, a retry storm): one may win. */
export async function burst(times: number, send: () => Promise<AxiosResponse | null>): Promise<(AxiosResponse | null)[]> {
  return Promise.all(Array.from({ length: times }, send));
}

/** Keeps what a response says about the city (resources, army, queue, levels) for the next choices. */
export function remember(bot: Bot, response: AxiosResponse | null): void {
  if (!response || response.status !== 200 || typeof response.data !== 'object' || response.data === null) return;
  const data = response.data as Partial<CityResponse>;
  if (!bot.city) {
    if (data.resources && data.levels && data.army) bot.city = data as CityResponse;
    return;
  }
  if (data.resources) bot.city.resources = data.resources;
  if (data.army) bot.city.army = data.army;
  if (data.trainingQueue) bot.city.trainingQueue = data.trainingQueue;
  if (data.sanctum) bot.city.sanctum = data.sanctum;
  if (data.levels) bot.city.levels = data.levels;
  if (typeof data.chLevel === 'number') bot.city.chLevel = data.chLevel;
}

/** RUNIK the bot last saw, in RUNIK. */
export const runikOf = (bot: Bot): number => bot.city?.resources.runik ?? 0;

export function unlockedResources(bot: Bot): ResourceKey[] {
  const level = bot.city?.chLevel ?? 1;
  return RESOURCE_KEYS.filter((resource) => level >= UNLOCKS[resource]);
}

/** A token transfer from the bot's hive-sim account to the game account; its chain tx id, or null if the node refused it. */
export async function payGame(world: World, bot: Bot, symbol: 'RNK' | 'SWAP.HIVE', quantity: string, memo: string): Promise<string | null> {
  world.chainSends += 1;
  try {
    return await sendToken(world.stack.simUrl, bot.player.username, GAME_ACCOUNT, symbol, quantity, memo);
  } catch {
    world.chainSendFailures += 1;
    return null;
  }
}

/** `units` in hundredths (or thousandths) as the decimal string the client sends. */
export const decimal = (units: number, decimals: 2 | 3): string => (Math.floor(units) / 10 ** decimals).toFixed(decimals);

/** Another bot, never `bot` itself. */
export function otherBot(world: World, bot: Bot): Bot {
  const others = world.bots.length - 1;
  if (others === 0) return bot;
  const pick = bot.random.int(0, others - 1);
  return world.bots[pick >= bot.index ? pick + 1 : pick];
}
