import { ResourceAmounts } from '../city/balance-sheet';
import { Troops } from '../combat/army';
import { GearRarity, gearName, GearType } from '../gear/gear';
import { formatCount, formatResource, formatRunik } from '../money/display';
import { resourcesRunikMillionths } from '../money/runik-value';

/** What a shop item grants, in whole units (docs/shop.md). */
export interface ShopReward {
  runik?: number;
  resources?: Partial<ResourceAmounts>;
  troops?: Partial<Troops>;
  gear?: { type: GearType; rarity: GearRarity; level: number };
}

export interface ShopItem {
  name: string;
  /** SWAP.HIVE in thousandths (three decimals). */
  price: number;
  reward: ShopReward;
  /** How many times one player may buy it; unlimited when absent. */
  limit?: number;
}

/**
 * The shop's catalogue; an item's name identifies it in purchases and memos. What an item can turn
 * into withdrawable RUNIK (shopRewardRunikValue) never exceeds the RNK its price brings in at the
 * reference rate (docs/shop.md).
 */
export const SHOP_CATALOGUE: readonly ShopItem[] = [
  { name: 'Starter Bundle', price: 3_000, reward: { runik: 10, resources: { wheat: 500, lumber: 500, stone: 500, ore: 500 } }, limit: 1 },
  { name: 'Resource Crate', price: 2_000, reward: { resources: { wheat: 600, lumber: 600, stone: 600, ore: 600 } } },
  { name: 'RUNIK Pouch', price: 5_000, reward: { runik: 50 } },
  { name: 'War Chest', price: 10_000, reward: { troops: { infantry: 1_000, archers: 500, cavalries: 200 } } },
  { name: "Commander's Blade", price: 25_000, reward: { gear: { type: 'cavalry', rarity: 'epic', level: 1 } } },
];

/**
 * The most withdrawable RUNIK (thousandths, rounded up) a reward can become: its RUNIK plus its
 * resources at the conversion rates before tax. Troops and gear mint nothing by themselves (the
 * citadel pays less than its losses; gear sells for other players' RUNIK).
 */
export function shopRewardRunikValue(reward: ShopReward): number {
  return (reward.runik ?? 0) * 1000 + Math.ceil(resourcesRunikMillionths(reward.resources ?? {}) / 1000);
}

export function shopItem(name: string): ShopItem | undefined {
  return SHOP_CATALOGUE.find((item) => item.name === name);
}

const UNIT_NAMES: Record<keyof Troops, string> = { infantry: 'Infantry', archers: 'Archers', cavalries: 'Cavalry' };
const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

/** The reward as the shop lists it, one line per thing granted. */
export function rewardTexts(reward: ShopReward): string[] {
  const texts: string[] = [];
  if (reward.runik) texts.push(`${formatRunik(reward.runik * 1000)} RUNIK`);
  for (const [resource, amount] of Object.entries(reward.resources ?? {}))
    texts.push(`${formatResource(amount * 1000)} ${capitalize(resource)}`);
  for (const [unit, amount] of Object.entries(reward.troops ?? {}) as [keyof Troops, number][])
    texts.push(`${formatCount(amount)} ${UNIT_NAMES[unit]}`);
  if (reward.gear) texts.push(gearName(reward.gear.type, reward.gear.rarity, reward.gear.level));
  return texts;
}
