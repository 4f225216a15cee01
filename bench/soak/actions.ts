import { randomBytes } from 'node:crypto';
import { ApiRoutes, packPaymentMemo, shopPaymentMemo } from '@runik/contract';
import type {
  AlliancesResponse,
  CitadelUserResponse,
  CityResponse,
  EnemiesResponse,
  GearsResponse,
  MarketplaceResponse,
  MyAllianceResponse,
  MyListingsResponse,
  PackPurchaseResponse,
  PendingPackPurchaseResponse,
  UserGearsResponse,
} from '@runik/contract';
import {
  ALLIANCE_CREATION_FEE,
  ALLIANCE_ICON_IDS,
  BUILDING_KEYS,
  CONVERSION_RATES,
  DEPOSIT_COOLDOWN_MS,
  GEAR_TYPES,
  MARKETPLACE_SORTS,
  MILITARY_BUILDING_KEYS,
  type MilitaryBuildingKey,
  noTroops,
  recordOf,
  RESOURCE_KEYS,
  type SeededRandom,
  UNIT_KEYS,
} from '@runik/rules';
import { INVALID_CALLS } from './invalid';
import type { Bot } from './players';
import { burst, call, decimal, otherBot, payGame, remember, runikOf, unlockedResources, World } from './world';

/**
 * Every money-moving action of the game, played through the HTTP API with inputs a player could
 * send (and some that must be refused). `weight` is how often a bot picks the action (0: not now).
 */
export interface Action {
  name: string;
  weight(bot: Bot): number;
  run(bot: Bot, world: World): Promise<void>;
}

const pick = <T>(random: SeededRandom, items: readonly T[]): T => items[random.int(0, items.length - 1)];
const chance = (random: SeededRandom, percent: number): boolean => random.int(0, 99) < percent;
/** A random subset (at least one) of `items`. */
function subset<T>(random: SeededRandom, items: readonly T[]): T[] {
  const chosen = items.filter(() => chance(random, 50));
  return chosen.length > 0 ? chosen : [pick(random, items)];
}

async function readCity(bot: Bot, world: World): Promise<CityResponse | null> {
  const response = await call(world, bot, 'city:read', 'GET', ApiRoutes.cityResources(bot.player.username));
  if (response?.status === 200) bot.city = response.data as CityResponse;
  return bot.city;
}

/** One payment in five is never reported: the tab closed after the wallet sent it. The chain credits it all the same. */
const tabClosed = (bot: Bot) => chance(bot.random, 20);

/** A real deposit: RNK sent on hive-sim, then reported to the api (sometimes several times at once), or not at all. */
async function deposit(bot: Bot, world: World): Promise<void> {
  const first = bot.deposits.length === 0;
  const units =
    bot.kind === 'whale'
      ? first
        ? bot.random.int(30_000, 45_000) * 1000
        : bot.random.int(100, 2_000) * 1000
      : bot.random.int(1_000, 400_000);
  const amount = decimal(units, 3);
  bot.lastDepositAt = Date.now();
  const txId = await payGame(world, bot, 'RNK', amount, 'deposit');
  if (!txId) return;
  bot.deposits.push({ txId, amount });
  world.depositTxs.push({ txId, amount, owner: bot.player.username });
  if (tabClosed(bot)) return;
  // As the client may send it: the amount as typed (a string) or a number.
  const body = { amount: chance(bot.random, 50) ? amount : Number(amount), txId };
  await burst(chance(bot.random, 15) ? 3 : 1, () => call(world, bot, 'deposit', 'POST', ApiRoutes.depositInit(bot.player.username), body));
}

const depositAllowed = (bot: Bot) => Date.now() - bot.lastDepositAt > DEPOSIT_COOLDOWN_MS + 1_000;

export const ACTIONS: Action[] = [
  {
    name: 'city:read',
    weight: () => 5,
    run: async (bot, world) => void (await readCity(bot, world)),
  },
  {
    name: 'harvest',
    weight: () => 3,
    run: async (bot, world) => remember(bot, await call(world, bot, 'harvest', 'POST', ApiRoutes.cityHarvest(bot.player.username), {})),
  },
  {
    name: 'convert:to-runik',
    weight: () => 8,
    run: async (bot, world) => {
      const city = bot.city ?? (await readCity(bot, world));
      if (!city) return;
      const held = unlockedResources(bot).filter((resource) => city.resources[resource] > 0.99);
      const selected = subset(bot.random, held.length > 0 ? held : unlockedResources(bot));
      const most = Math.min(...selected.map((resource) => Math.floor(city.resources[resource] * 100)));
      // Mostly what the preview allows; sometimes more than held (refused with 400).
      const hundredths = chance(bot.random, 10)
        ? most + bot.random.int(1, 10_000)
        : Math.max(1, Math.floor((most * bot.random.int(5, 100)) / 100));
      const amount = decimal(hundredths, 2);
      const body = {
        selectedResources: selected,
        amount: chance(bot.random, 50) ? amount : Number(amount),
        ...(chance(bot.random, 20) ? { preview: true } : {}),
      };
      const times = chance(bot.random, 10) ? 2 : 1;
      for (const response of await burst(times, () =>
        call(world, bot, 'convert:to-runik', 'POST', ApiRoutes.cityConvert(bot.player.username), body),
      ))
        remember(bot, response);
    },
  },
  {
    name: 'convert:to-resources',
    weight: () => 4,
    run: async (bot, world) => {
      const runik = runikOf(bot);
      const resources = subset(bot.random, chance(bot.random, 10) ? RESOURCE_KEYS : unlockedResources(bot));
      const budget = runik > 0.01 ? (runik * bot.random.int(5, 60)) / 100 / resources.length : 0.05;
      const body: Record<string, unknown> = Object.fromEntries(
        resources.map((resource) => [resource, decimal(Math.max(1, budget * CONVERSION_RATES[resource] * 100), 2)]),
      );
      if (chance(bot.random, 20)) body.preview = true;
      remember(bot, await call(world, bot, 'convert:to-resources', 'POST', ApiRoutes.cityConvertToResources(bot.player.username), body));
    },
  },
  {
    name: 'train',
    weight: () => 5,
    run: async (bot, world) => {
      const building: MilitaryBuildingKey = chance(bot.random, 70) ? 'quarters' : pick(bot.random, MILITARY_BUILDING_KEYS);
      const count = bot.random.int(1, bot.kind === 'whale' ? 50 : 10);
      remember(bot, await call(world, bot, 'train', 'POST', ApiRoutes.cityTrain(bot.player.username), { building, count }));
    },
  },
  {
    name: 'speedup',
    weight: (bot) => (Object.keys(bot.city?.trainingQueue ?? {}).length > 0 ? 6 : 1),
    run: async (bot, world) => {
      const queued = Object.entries(bot.city?.trainingQueue ?? {}) as [MilitaryBuildingKey, { completionTime: string }][];
      const [building, batch] = queued.length > 0 ? pick(bot.random, queued) : (['quarters', null] as const);
      const remaining = batch ? Math.max(1, Math.ceil((Date.parse(batch.completionTime) - Date.now()) / 60_000)) : 1;
      const minutes = chance(bot.random, 10) ? remaining + bot.random.int(2, 30) : bot.random.int(1, remaining);
      remember(bot, await call(world, bot, 'speedup', 'POST', ApiRoutes.citySpeedup(bot.player.username, building), { minutes }));
    },
  },
  {
    name: 'heal',
    weight: () => 3,
    run: async (bot, world) => {
      // Troops are injured by others' attacks too: look at the sanctum first.
      const city = await readCity(bot, world);
      const injured = city?.sanctum.injured ?? noTroops();
      const body = recordOf(UNIT_KEYS, (unit) => (injured[unit] > 0 ? bot.random.int(0, injured[unit]) : 0));
      if (UNIT_KEYS.every((unit) => body[unit] === 0)) {
        if (!chance(bot.random, 20)) return;
        body.infantry = 1;
      }
      remember(bot, await call(world, bot, 'heal', 'POST', ApiRoutes.cityHeal(bot.player.username), body));
    },
  },
  {
    name: 'upgrade',
    weight: () => 4,
    run: async (bot, world) => {
      const key = chance(bot.random, 60) ? 'ch' : pick(bot.random, BUILDING_KEYS);
      remember(bot, await call(world, bot, 'upgrade', 'POST', ApiRoutes.cityUpgrade(bot.player.username, key), {}));
    },
  },
  {
    name: 'attack',
    weight: (bot) => (UNIT_KEYS.some((unit) => (bot.city?.army[unit] ?? 0) > 0) ? 6 : 1),
    run: async (bot, world) => {
      let enemy = otherBot(world, bot).player.username;
      if (chance(bot.random, 50)) {
        const response = await call(world, bot, 'attack', 'GET', ApiRoutes.enemies(bot.player.username, 1, 0));
        const enemies = (response?.data as EnemiesResponse | undefined)?.enemies ?? [];
        if (response?.status === 200 && enemies.length > 0) enemy = pick(bot.random, enemies).name;
      }
      await call(world, bot, 'attack', 'POST', ApiRoutes.attack(bot.player.username, enemy));
    },
  },
  {
    name: 'citadel',
    weight: (bot) => (UNIT_KEYS.some((unit) => (bot.city?.army[unit] ?? 0) > 0) ? 3 : 1),
    run: async (bot, world) => {
      const response = await call(world, bot, 'citadel', 'GET', ApiRoutes.citadelUser(bot.player.username));
      const floor = (response?.data as CitadelUserResponse | undefined)?.globalCurrentFloor ?? 1;
      await call(world, bot, 'citadel', 'POST', ApiRoutes.citadelAttack, { hiveUsername: bot.player.username, floor });
    },
  },
  {
    name: 'alliance',
    // Leaders look after their requests and capacity more often than others look for an alliance.
    weight: (bot) => (bot.alliance?.leader ? 12 : 3),
    run: async (bot, world) => {
      const name = bot.player.username;
      const mine = await call(world, bot, 'alliance', 'GET', ApiRoutes.allianceMy(name));
      if (mine?.status !== 200) return;
      const alliance = (mine.data as MyAllianceResponse).alliance;
      bot.alliance = alliance && { leader: alliance.isLeader };
      if (!alliance) {
        if (runikOf(bot) >= ALLIANCE_CREATION_FEE || (bot.kind === 'whale' && chance(bot.random, 30))) {
          world.allianceCounter += 1;
          const tag = `S${world.allianceCounter.toString(36).toUpperCase().padStart(2, '0')}`;
          const body = {
            hiveUsername: name,
            name: `Soak ${tag} ${bot.index}`,
            tag,
            icon: pick(bot.random, ALLIANCE_ICON_IDS),
            description: 'Soak test alliance.',
          };
          const created = await call(world, bot, 'alliance:create', 'POST', ApiRoutes.allianceCreate, body);
          if (created?.status === 200) bot.alliance = { leader: true };
          return;
        }
        const list = await call(world, bot, 'alliance', 'GET', ApiRoutes.allianceList);
        const alliances = (list?.data as AlliancesResponse | undefined)?.alliances ?? [];
        if (alliances.length === 0) return;
        await call(world, bot, 'alliance:join', 'POST', ApiRoutes.allianceJoin, {
          hiveUsername: name,
          allianceId: pick(bot.random, alliances).id,
        });
        return;
      }
      if (!alliance.isLeader) {
        if (chance(bot.random, 15)) await call(world, bot, 'alliance:leave', 'POST', ApiRoutes.allianceLeave, { hiveUsername: name });
        return;
      }
      const others = alliance.members.filter((member) => member !== name);
      if (alliance.pendingRequests.length > 0 && chance(bot.random, 80)) {
        const targetUsername = pick(bot.random, alliance.pendingRequests).hiveUsername;
        const route = chance(bot.random, 80) ? ApiRoutes.allianceAccept : ApiRoutes.allianceReject;
        await call(world, bot, 'alliance:request', 'POST', route, { leaderUsername: name, targetUsername, allianceId: alliance.id });
      } else if (
        alliance.canExpand &&
        alliance.nextExpansionCost !== null &&
        runikOf(bot) >= alliance.nextExpansionCost &&
        chance(bot.random, 60)
      ) {
        await call(world, bot, 'alliance:expand', 'POST', ApiRoutes.allianceExpand, { hiveUsername: name, allianceId: alliance.id });
      } else if (others.length > 0 && chance(bot.random, 15)) {
        await call(world, bot, 'alliance:kick', 'POST', ApiRoutes.allianceKick, {
          leaderUsername: name,
          targetUsername: pick(bot.random, others),
          allianceId: alliance.id,
        });
      } else if (chance(bot.random, 4)) {
        await call(world, bot, 'alliance:disband', 'POST', ApiRoutes.allianceDisband, { hiveUsername: name, allianceId: alliance.id });
      }
    },
  },
  {
    name: 'packs:runik',
    weight: () => 4,
    run: async (bot, world) => {
      const packCount = runikOf(bot) >= 100 && chance(bot.random, 30) ? 10 : 1;
      const body = { hiveUsername: bot.player.username, packCount };
      const responses = await burst(chance(bot.random, 10) ? 2 : 1, () =>
        call(world, bot, 'packs:runik', 'POST', ApiRoutes.packPurchaseRunik, body),
      );
      for (const response of responses) {
        if (response?.status === 200 && chance(bot.random, 80)) {
          await call(world, bot, 'packs:open', 'POST', ApiRoutes.packOpen((response.data as PackPurchaseResponse).packPurchaseId));
        }
      }
    },
  },
  {
    name: 'packs:hive',
    weight: () => 1,
    run: async (bot, world) => {
      const txId = await payGame(world, bot, 'SWAP.HIVE', '1.000', packPaymentMemo(bot.player.username, 1));
      if (!txId || tabClosed(bot)) return;
      await call(world, bot, 'packs:hive', 'POST', ApiRoutes.packPurchaseHive, {
        hiveUsername: bot.player.username,
        packCount: 1,
        hiveTxId: txId,
      });
    },
  },
  {
    name: 'packs:open',
    weight: () => 2,
    run: async (bot, world) => {
      const response = await call(world, bot, 'packs:open', 'GET', ApiRoutes.packPendingStatus(bot.player.username));
      const unopened = (response?.data as PendingPackPurchaseResponse | undefined)?.unopenedPurchaseIds ?? [];
      for (const id of unopened) {
        // Twice at once now and then: one opens it, the other is told it already is.
        await burst(chance(bot.random, 15) ? 2 : 1, () => call(world, bot, 'packs:open', 'POST', ApiRoutes.packOpen(id)));
      }
    },
  },
  {
    name: 'shop',
    weight: () => 1,
    run: async (bot, world) => {
      const [itemName, price] = pick(bot.random, [
        ['Resource Crate', '2.000'],
        ['RUNIK Pouch', '5.000'],
        ['War Chest', '10.000'],
        ['Starter Bundle', '3.000'],
      ] as const);
      const txId = await payGame(world, bot, 'SWAP.HIVE', price, shopPaymentMemo(bot.player.username, itemName));
      if (!txId || tabClosed(bot)) return;
      await call(world, bot, 'shop', 'POST', ApiRoutes.shopPurchaseCreate, {
        hiveUsername: bot.player.username,
        itemName,
        price: Number(price),
        hiveTxId: txId,
      });
    },
  },
  {
    name: 'market:list',
    weight: (bot) => (bot.paid ? 4 : 0.5),
    run: async (bot, world) => {
      const response = await call(world, bot, 'market:list', 'GET', ApiRoutes.tradeAvailableGears(bot.player.username));
      const gears = (response?.data as GearsResponse | undefined)?.gears ?? [];
      if (gears.length === 0) return;
      const body = { hiveUsername: bot.player.username, gearId: pick(bot.random, gears).gearId, price: bot.random.int(1, 80) };
      remember(bot, await call(world, bot, 'market:list', 'POST', ApiRoutes.listGear, body));
    },
  },
  {
    name: 'market:unlist',
    weight: (bot) => (bot.paid ? 1 : 0),
    run: async (bot, world) => {
      const response = await call(world, bot, 'market:unlist', 'GET', ApiRoutes.myListings(bot.player.username));
      const listings = (response?.data as MyListingsResponse | undefined)?.listings ?? [];
      if (listings.length === 0) return;
      await call(world, bot, 'market:unlist', 'POST', ApiRoutes.unlistGear, {
        hiveUsername: bot.player.username,
        listingId: pick(bot.random, listings)._id,
      });
    },
  },
  {
    name: 'market:buy',
    weight: (bot) => (bot.paid ? 4 : 0.5),
    run: async (bot, world) => {
      const response = await call(
        world,
        bot,
        'market:buy',
        'GET',
        ApiRoutes.marketplaceListings({ sortBy: pick(bot.random, MARKETPLACE_SORTS) }),
      );
      const listings = (response?.data as MarketplaceResponse | undefined)?.listings ?? [];
      if (listings.length === 0) return;
      const affordable = listings.filter((listing) => listing.price <= runikOf(bot));
      const listing = pick(bot.random, affordable.length > 0 && chance(bot.random, 80) ? affordable : listings);
      const body = { buyerUsername: bot.player.username, listingId: listing._id };
      await burst(chance(bot.random, 10) ? 2 : 1, () => call(world, bot, 'market:buy', 'POST', ApiRoutes.buyGear, body));
    },
  },
  {
    name: 'gear:equip',
    weight: () => 2,
    run: async (bot, world) => {
      const name = bot.player.username;
      if (chance(bot.random, 25)) {
        const slotType = pick(bot.random, GEAR_TYPES);
        await call(world, bot, 'gear:equip', 'POST', ApiRoutes.gearsUnequip, { hiveUsername: name, slotType });
        return;
      }
      const response = await call(world, bot, 'gear:equip', 'GET', ApiRoutes.gearsAvailable(name));
      const gears = (response?.data as GearsResponse | undefined)?.gears ?? [];
      if (gears.length === 0) return;
      const gear = pick(bot.random, gears);
      await call(world, bot, 'gear:equip', 'POST', ApiRoutes.gearsEquip, { hiveUsername: name, gearId: gear.gearId, slotType: gear.type });
    },
  },
  {
    name: 'blacksmith',
    weight: () => 2,
    run: async (bot, world) => {
      const response = await call(world, bot, 'blacksmith', 'GET', ApiRoutes.blacksmithGears(bot.player.username));
      const gears = (response?.data as UserGearsResponse | undefined)?.gears ?? [];
      if (gears.length < 2) return;
      const target = pick(bot.random, gears);
      // Usually free gears; now and then a listed or equipped one, which must be refused.
      const candidates = gears.filter(
        (gear) => gear.gearId !== target.gearId && (chance(bot.random, 10) || (!gear.isEquipped && !gear.isListed)),
      );
      if (candidates.length === 0) return;
      const materialIds = subset(bot.random, candidates)
        .slice(0, 3)
        .map((gear) => gear.gearId);
      const preview = chance(bot.random, 30);
      const route = preview ? ApiRoutes.upgradePreview(bot.player.username) : ApiRoutes.upgrade(bot.player.username);
      await call(world, bot, 'blacksmith', 'POST', route, { gearId: target.gearId, materialIds });
    },
  },
  {
    name: 'deposit',
    weight: (bot) => (bot.kind !== 'miner' && depositAllowed(bot) ? 6 : 0),
    run: deposit,
  },
  {
    name: 'deposit:check',
    weight: (bot) => (bot.deposits.length > 0 ? 2 : 0),
    run: async (bot, world) => {
      const { txId, amount } = pick(bot.random, bot.deposits);
      await call(world, bot, 'deposit:check', 'GET', ApiRoutes.depositCheck(txId, bot.player.username, amount));
      await call(world, bot, 'deposit:check', 'GET', ApiRoutes.depositStatus(bot.player.username));
      // Reported again: it must not be credited twice.
      if (chance(bot.random, 30))
        await call(world, bot, 'deposit:check', 'POST', ApiRoutes.depositInit(bot.player.username), { amount, txId });
    },
  },
  {
    // Miners, who deposit nothing of their own, try to have someone else's transfer (or none) credited to them.
    name: 'deposit:not-mine',
    weight: (bot) => (bot.kind === 'miner' && depositAllowed(bot) ? 0.6 : 0),
    run: async (bot, world) => {
      bot.lastDepositAt = Date.now();
      const others = world.depositTxs.filter((deposit) => deposit.owner !== bot.player.username);
      let body: { amount: string; txId: string };
      const roll = bot.random.int(0, 99);
      if (others.length > 0 && roll < 50) {
        const { txId, amount } = pick(bot.random, others);
        body = { amount, txId };
      } else if (roll < 70) {
        body = { amount: '1', txId: randomBytes(20).toString('hex') };
      } else if (roll < 85) {
        // A real transfer of 1 RNK, claimed as 1.001.
        const txId = await payGame(world, bot, 'RNK', '1.000', 'deposit');
        if (!txId) return;
        body = { amount: '1.001', txId };
      } else {
        // A transfer of more RNK than the account holds: in a block, but refused by Hive Engine.
        const txId = await payGame(world, bot, 'RNK', '5000.000', 'deposit');
        if (!txId) return;
        body = { amount: '5000', txId };
      }
      await call(world, bot, 'deposit:not-mine', 'POST', ApiRoutes.depositInit(bot.player.username), body);
    },
  },
  {
    name: 'withdraw',
    weight: (bot) => (bot.paid ? (runikOf(bot) > 0 ? 3 : 1) : 0.5),
    run: async (bot, world) => {
      const held = Math.floor(runikOf(bot) * 1000);
      const units =
        held > 0 && chance(bot.random, 90)
          ? Math.max(1, Math.floor((held * bot.random.int(5, 100)) / 100))
          : held + bot.random.int(1, 5_000);
      const amount = decimal(units, 3);
      const body = { amount: chance(bot.random, 50) ? amount : Number(amount) };
      // Sometimes several at once (a double click): one at most may go through.
      const responses = await burst(chance(bot.random, 20) ? bot.random.int(2, 4) : 1, () =>
        call(world, bot, 'withdraw', 'POST', ApiRoutes.withdraw(bot.player.username), body),
      );
      for (const response of responses) remember(bot, response);
      await call(world, bot, 'withdraw', 'GET', ApiRoutes.withdrawStatus(bot.player.username));
    },
  },
  {
    name: 'invalid',
    weight: () => 4,
    run: async (bot, world) => void (await pick(bot.random, INVALID_CALLS)(bot, world)),
  },
];

/** The first move of a bot that deposits: its deposit, so it has RUNIK to spend. */
export async function firstMove(bot: Bot, world: World): Promise<void> {
  if (bot.kind !== 'miner') await deposit(bot, world);
  await readCity(bot, world);
}

export function chooseAction(bot: Bot): Action {
  const weights = ACTIONS.map((action) => action.weight(bot));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = bot.random.fraction() * total;
  for (let index = 0; index < ACTIONS.length; index++) {
    roll -= weights[index];
    if (roll < 0) return ACTIONS[index];
  }
  return ACTIONS[0];
}
