import axios from 'axios';
import { ApiRoutes } from '@runik/contract';
import { callApi } from './calls';
import type { Bot } from './players';
import { call, otherBot, World } from './world';

/**
 * Requests a client must never get through: bad amounts (negative, NaN, huge, too many decimals,
 * strings of words), unknown fields, wrong types, someone else's paths, ids that do not exist,
 * malformed JSON, no session. Each must be refused with a 4xx; a 2xx or a 5xx is a finding.
 */
type InvalidCall = (bot: Bot, world: World) => Promise<unknown>;

const post = (bot: Bot, world: World, path: string, body: unknown) => call(world, bot, 'invalid', 'POST', path, body, { invalid: true });

const badAmounts: unknown[] = [-5, 0, '-0.01', 'NaN', 'Infinity', 1e300, '1e3', '1.0001', 'ten', null, true, [], {}];
const badAmount = (bot: Bot) => badAmounts[bot.random.int(0, badAmounts.length - 1)];

export const INVALID_CALLS: InvalidCall[] = [
  (bot, world) => post(bot, world, ApiRoutes.cityConvert(bot.player.username), { selectedResources: ['wheat'], amount: badAmount(bot) }),
  (bot, world) => post(bot, world, ApiRoutes.cityConvert(bot.player.username), { selectedResources: ['wheat'], amount: '1.001' }),
  (bot, world) => post(bot, world, ApiRoutes.cityConvert(bot.player.username), { selectedResources: [], amount: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.cityConvert(bot.player.username), { selectedResources: ['wheat', 'wheat'], amount: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.cityConvert(bot.player.username), { selectedResources: ['gold'], amount: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.cityConvert(bot.player.username), { selectedResources: ['wheat'], amount: 1, bonus: 1000 }),
  (bot, world) => post(bot, world, ApiRoutes.cityConvertToResources(bot.player.username), { wheat: badAmount(bot) }),
  (bot, world) => post(bot, world, ApiRoutes.cityConvertToResources(bot.player.username), { wheat: '0', lumber: '0' }),
  (bot, world) => post(bot, world, ApiRoutes.cityTrain(bot.player.username), { building: 'quarters', count: 2.5 }),
  (bot, world) => post(bot, world, ApiRoutes.cityTrain(bot.player.username), { building: 'quarters', count: -3 }),
  (bot, world) => post(bot, world, ApiRoutes.cityTrain(bot.player.username), { building: 'castle', count: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.cityTrain(bot.player.username), { building: 'quarters', count: 1e9 }),
  (bot, world) => post(bot, world, ApiRoutes.citySpeedup(bot.player.username, 'quarters'), { minutes: 0 }),
  (bot, world) => post(bot, world, ApiRoutes.citySpeedup(bot.player.username, 'quarters'), { minutes: -10 }),
  (bot, world) => post(bot, world, ApiRoutes.cityHeal(bot.player.username), { infantry: -1 }),
  (bot, world) => post(bot, world, ApiRoutes.cityHeal(bot.player.username), { infantry: 0, archers: 0, cavalries: 0 }),
  (bot, world) => post(bot, world, ApiRoutes.cityUpgrade(bot.player.username, 'moat'), {}),
  (bot, world) => post(bot, world, ApiRoutes.withdraw(bot.player.username), { amount: badAmount(bot) }),
  (bot, world) => post(bot, world, ApiRoutes.withdraw(bot.player.username), { amount: 1, to: 'someone' }),
  (bot, world) => post(bot, world, ApiRoutes.depositInit(bot.player.username), { amount: 1, txId: 'not-a-transaction' }),
  (bot, world) => post(bot, world, ApiRoutes.depositInit(bot.player.username), { amount: badAmount(bot), txId: 'e'.repeat(40) }),
  // Someone else's city, wallet and purchases.
  (bot, world) =>
    call(world, bot, 'invalid', 'GET', ApiRoutes.cityResources(otherBot(world, bot).player.username), undefined, { invalid: true }),
  (bot, world) => post(bot, world, ApiRoutes.cityHarvest(otherBot(world, bot).player.username), {}),
  (bot, world) => post(bot, world, ApiRoutes.withdraw(otherBot(world, bot).player.username), { amount: 1 }),
  (bot, world) =>
    post(bot, world, ApiRoutes.cityConvert(otherBot(world, bot).player.username), { selectedResources: ['wheat'], amount: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.buyGear, { buyerUsername: otherBot(world, bot).player.username, listingId: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.packPurchaseRunik, { hiveUsername: otherBot(world, bot).player.username, packCount: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.citadelAttack, { hiveUsername: otherBot(world, bot).player.username, floor: 1 }),
  (bot, world) => post(bot, world, ApiRoutes.attack(bot.player.username, bot.player.username), undefined),
  (bot, world) => post(bot, world, ApiRoutes.attack(bot.player.username, 'nobody.here'), undefined),
  (bot, world) => post(bot, world, ApiRoutes.buyGear, { buyerUsername: bot.player.username, listingId: -1 }),
  (bot, world) => post(bot, world, ApiRoutes.buyGear, { buyerUsername: bot.player.username, listingId: '12' }),
  (bot, world) => post(bot, world, ApiRoutes.buyGear, { buyerUsername: bot.player.username, listingId: 2 ** 40 }),
  (bot, world) => post(bot, world, ApiRoutes.listGear, { hiveUsername: bot.player.username, gearId: 2 ** 40, price: 10 }),
  (bot, world) => post(bot, world, ApiRoutes.listGear, { hiveUsername: bot.player.username, gearId: 1, price: 0 }),
  (bot, world) => post(bot, world, ApiRoutes.listGear, { hiveUsername: bot.player.username, gearId: 1, price: 1.5 }),
  (bot, world) => post(bot, world, ApiRoutes.unlistGear, { hiveUsername: bot.player.username, listingId: 2 ** 40 }),
  (bot, world) => post(bot, world, ApiRoutes.packPurchaseRunik, { hiveUsername: bot.player.username, packCount: 3 }),
  (bot, world) => post(bot, world, ApiRoutes.packPurchaseHive, { hiveUsername: bot.player.username, packCount: 1, hiveTxId: 'xyz' }),
  (bot, world) => post(bot, world, ApiRoutes.packOpen(2 ** 40), undefined),
  (bot, world) =>
    post(bot, world, ApiRoutes.shopPurchaseCreate, {
      hiveUsername: bot.player.username,
      itemName: 'RUNIK Pouch',
      price: 0.5,
      hiveTxId: 'f'.repeat(40),
    }),
  (bot, world) =>
    post(bot, world, ApiRoutes.shopPurchaseCreate, {
      hiveUsername: bot.player.username,
      itemName: 'Free Money',
      price: 1,
      hiveTxId: 'f'.repeat(40),
    }),
  (bot, world) => post(bot, world, ApiRoutes.citadelAttack, { hiveUsername: bot.player.username, floor: 0 }),
  (bot, world) => post(bot, world, ApiRoutes.citadelAttack, { hiveUsername: bot.player.username, floor: 999_999 }),
  (bot, world) =>
    post(bot, world, ApiRoutes.allianceCreate, {
      hiveUsername: bot.player.username,
      name: 'x',
      tag: 'TOOLONG',
      icon: 'shield',
      description: 'd',
    }),
  (bot, world) => post(bot, world, ApiRoutes.allianceExpand, { hiveUsername: bot.player.username, allianceId: 2 ** 31 - 1 }),
  (bot, world) => post(bot, world, ApiRoutes.allianceJoin, { hiveUsername: bot.player.username, allianceId: 0 }),
  (bot, world) => post(bot, world, ApiRoutes.gearsEquip, { hiveUsername: bot.player.username, gearId: 1, slotType: 'hat' }),
  (bot, world) => post(bot, world, ApiRoutes.upgrade(bot.player.username), { gearId: 1, materialIds: [1] }),
  (bot, world) =>
    post(bot, world, ApiRoutes.upgrade(bot.player.username), {
      gearId: 1,
      materialIds: Array.from({ length: 11 }, (_, index) => index + 2),
    }),
  // Malformed JSON, sent as is.
  (bot, world) =>
    callApi(world.log, bot.player.api, 'invalid', 'POST', ApiRoutes.withdraw(bot.player.username), '{"amount": 1', {
      invalid: true,
      headers: { 'content-type': 'application/json' },
      raw: true,
    }),
  // No session at all.
  (bot, world) =>
    callApi(
      world.log,
      axios.create({ baseURL: world.stack.apiUrl, validateStatus: () => true, timeout: 30_000 }),
      'invalid',
      'POST',
      ApiRoutes.cityHarvest(bot.player.username),
      {},
      { invalid: true },
    ),
];
