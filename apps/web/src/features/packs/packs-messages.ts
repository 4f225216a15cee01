import { PackMessages } from '@runik/contract';

/** The pack store's own texts; the spec's are PackMessages (contract). */
export const PackTexts = {
  title: 'Pack Store',
  loading: 'Loading pack info...',
  retry: 'Retry',
  /** A SWAP.HIVE purchase the server refused without saying why. */
  hiveFailed: 'SWAP.HIVE purchase failed',
  /** An invalid purchase without the worker's reason. */
  invalidFallback: PackMessages.purchaseInvalid,
  opening: (count: number) => `Opening ${count === 1 ? '1 pack' : `${count} packs`}...`,
  openingAgain: 'Try again',
  seed: (seed: number) => `Rolled from seed ${seed}`,
  tier: (tier: number) => `Tier ${tier}`,
  revealed: (shown: number, total: number) => `${shown} of ${total} revealed`,
  cantAfford: (currency: string) => `Not enough ${currency}`,
  unopened: (purchases: number) => `You have ${purchases === 1 ? 'a purchase' : `${purchases} purchases`} of packs not opened yet.`,
  openUnopened: 'Open Packs',
  confirmBulk: (packs: string, price: string) => `Buy ${packs} for ${price}?`,
} as const;
