/** The shop's own texts; the spec's are ShopMessages and SwapHiveMessages (contract). */
export const ShopTexts = {
  title: 'Shop',
  loading: 'Loading shop items...',
  retry: 'Retry',
  loginShop: 'Please log in to access the shop.',
  balance: 'SWAP.HIVE balance',
  empty: 'The shop has nothing for sale right now.',
  buy: 'Buy',
  buying: 'Buying...',
  rewards: 'Rewards',
  purchaseNumber: (count: number) => `Purchase #${count}`,
  limit: (limit: number) => `Limit: ${limit} per player`,
  limitReached: 'Limit reached',
  cantAfford: 'Not enough SWAP.HIVE',
  /** The item a pending purchase is for. */
  pendingItem: (itemName: string) => `Awaiting confirmation: ${itemName}`,
  /** Which purchase the confirmed one was. */
  confirmedItem: (itemName: string, count: number) => `${itemName}, purchase #${count}`,
} as const;

/** The data-testid of an item's card: "War Chest" → "shop-item-war-chest". */
export function shopItemTestId(name: string): string {
  return `shop-item-${name.trim().toLowerCase().replace(/\s+/g, '-')}`;
}
