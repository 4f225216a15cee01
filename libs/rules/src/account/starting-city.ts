/**
 * What a new city starts with (the spec leaves it to us; see docs/decisions.md).
 * Resources in thousandths; no RUNIK, because RUNIK is withdrawable value.
 */
export const STARTING_CITY_HALL_LEVEL = 1;

export const RESOURCE_KEYS = ['wheat', 'lumber', 'stone', 'ore'] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

export const STARTING_RESOURCES_THOUSANDTHS: Record<ResourceKey, number> = {
  wheat: 1_000_000,
  lumber: 1_000_000,
  stone: 1_000_000,
  ore: 1_000_000,
};
