import type { GearType } from '@runik/rules';

/*
 * The query keys of the server state that more than one feature reads or refreshes: a feature's action
 * (an attack, a purchase, an equip) or a pushed notification reloads another screen's data through
 * these, without importing that screen. Keys no other feature touches stay in their feature.
 */

export const cityKeys = {
  all: ['city'] as const,
  constants: ['city', 'constants'] as const,
  city: (username: string) => ['city', 'resources', username] as const,
  previews: ['city', 'preview'] as const,
  convertPreview: (username: string, request: string) => ['city', 'preview', 'to-runik', username, request] as const,
  convertToResourcesPreview: (username: string, request: string) => ['city', 'preview', 'to-resources', username, request] as const,
  depositStatus: (username: string) => ['city', 'deposit-status', username] as const,
  withdrawStatus: (username: string) => ['city', 'withdraw-status', username] as const,
  rnkBalance: (username: string) => ['wallet', 'rnk-balance', username] as const,
};

/** A free player's late activation (its preview quotes the late fee); the city's, the withdraw popup's and the trading page's. */
export const activationKeys = {
  preview: (username: string) => ['late-activation', username] as const,
};

export const paymentKeys = {
  history: (username: string) => [...cityKeys.all, 'payments', username] as const,
};

/** Every gear screen's: the gears', the blacksmith's, so an equip can refresh them. */
export const gearKeys = {
  all: ['gears'] as const,
  equipped: (username: string) => ['gears', 'equipped', username] as const,
  available: (username: string) => ['gears', 'available', username] as const,
  availableFor: (username: string, slot: GearType) => ['gears', 'available', username, slot] as const,
  owned: (username: string) => ['gears', 'owned', username] as const,
  preview: (username: string, request: string) => ['gears', 'preview', username, request] as const,
  history: (username: string) => ['gears', 'history', username] as const,
};

export const allianceKeys = {
  all: ['alliance'] as const,
  my: (username: string) => ['alliance', 'my', username] as const,
  // The list carries the viewer's own pending requests, so it is per player.
  list: (username: string) => ['alliance', 'list', username] as const,
  invitations: (username: string, allianceId: number) => ['alliance', 'invitations', username, allianceId] as const,
};

export const attackKeys = {
  all: ['attack'] as const,
  army: (username: string) => ['attack', 'army', username] as const,
  enemies: (username: string) => ['attack', 'enemies', username] as const,
  enemiesPage: (username: string, page: number, minLevel: number) => ['attack', 'enemies', username, page, minLevel] as const,
  battleLogs: (username: string) => ['attack', 'battle-logs', username] as const,
  preview: (username: string, enemy: string) => ['attack', 'preview', username, enemy] as const,
};

export const citadelKeys = {
  all: ['citadel'] as const,
  progress: (username: string) => ['citadel', 'progress', username] as const,
  floor: (floor: number) => ['citadel', 'floor', floor] as const,
  rewards: (username: string) => ['citadel', 'rewards', username] as const,
};

/** The Gear Marketplace's; everything under `all` is reloaded after a trade. */
export const tradingKeys = {
  all: ['trading'] as const,
  userData: (username: string) => ['trading', 'user-data', username] as const,
  // The marketplace's pages sit below `all` too, keyed by the trading screen's filter (trading-api.ts).
  myListings: (username: string) => ['trading', 'my-listings', username] as const,
  availableGears: (username: string) => ['trading', 'available-gears', username] as const,
};

export const packKeys = {
  all: ['packs'] as const,
  info: (username: string) => ['packs', 'info', username] as const,
  pending: (username: string) => ['packs', 'pending', username] as const,
};

export const questKeys = {
  all: ['quests'] as const,
  of: (username: string) => ['quests', username] as const,
};

export const shopKeys = {
  all: ['shop'] as const,
  items: (username: string) => ['shop', 'items', username] as const,
  pending: (username: string) => ['shop', 'pending', username] as const,
};

export const throneKeys = {
  all: ['throne'] as const,
  status: ['throne', 'status'] as const,
  user: (username: string) => ['throne', 'user', username] as const,
  troops: (username: string) => ['throne', 'troops', username] as const,
  nextWar: ['throne', 'next-war'] as const,
  rallyDetails: (attackId: number) => ['throne', 'rally', attackId] as const,
  garrisonDetails: ['throne', 'garrison'] as const,
  // Outside `all`: a player's gear does not change with throne actions.
  gear: (username: string) => ['throne-gear', username] as const,
};
