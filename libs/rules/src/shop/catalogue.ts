import { ResourceAmounts } from '../city/balance-sheet';
import { Troops } from '../combat/army';
import { GearRarity, gearName, GearType } from '../gear/gear';

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

/** The shop's catalogue; an item's name identifies it in purchases and memos. */
export const SHOP_CATALOGUE: readonly ShopItem[] = [
  { name: 'Starter Bundle', price: 3_000, reward: { runik: 200, resources: { wheat: 2_000, lumber: 2_000, stone: 2_000, ore: 2_000 } }, limit: 1 },
  { name: 'Resource Crate', price: 2_000, reward: { resources: { wheat: 5_000, lumber: 5_000, stone: 5_000, ore: 5_000 } } },
  { name: 'RUNIK Pouch', price: 5_000, reward: { runik: 500 } },
  { name: 'War Chest', price: 10_000, reward: { troops: { infantry: 1_000, archers: 500, cavalries: 200 } } },
  { name: "Commander's Blade", price: 25_000, reward: { gear: { type: 'cavalry', rarity: 'epic', level: 1 } } },
];

export function shopItem(name: string): ShopItem | undefined {
  return SHOP_CATALOGUE.find((item) => item.name === name);
}

const UNIT_NAMES: Record<keyof Troops, string> = { infantry: 'Infantry', archers: 'Archers', cavalries: 'Cavalry' };
const count = (amount: number) => amount.toLocaleString('en-US');
const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

/** The reward as the shop lists it, one line per thing granted. */
export function rewardTexts(reward: ShopReward): string[] {
  const texts: string[] = [];
  if (reward.runik) texts.push(`${count(reward.runik)} RUNIK`);
  for (const [resource, amount] of Object.entries(reward.resources ?? {})) texts.push(`${count(amount)} ${capitalize(resource)}`);
  for (const [unit, amount] of Object.entries(reward.troops ?? {}) as [keyof Troops, number][]) texts.push(`${count(amount)} ${UNIT_NAMES[unit]}`);
  if (reward.gear) texts.push(gearName(reward.gear.type, reward.gear.rarity, reward.gear.level));
  return texts;
}
