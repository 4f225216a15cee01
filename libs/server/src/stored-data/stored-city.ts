import { BUILDING_KEYS, RESOURCE_KEYS, STARTING_BUILDING_LEVEL } from '@runik/rules';
import type { BuildingKey, ResourceAmounts } from '@runik/rules';
import { countsOf } from './counts';

/**
 * Decoders for what a city stores as JSON. `cities.building_levels` names the buildings raised past their start
 * (a building added since, or never raised, is at its starting level); `cities.stored_pending` holds the production
 * banked at old rates (a resource added since was never banked: none of it).
 */
const buildingLevels = countsOf(BUILDING_KEYS, STARTING_BUILDING_LEVEL);
const storedPending = countsOf(RESOURCE_KEYS);

/** `cities.building_levels`: every building's level. */
export function decodeBuildingLevels(stored: unknown): Record<BuildingKey, number> {
  return buildingLevels.parse(stored);
}

/** `cities.stored_pending`: every resource's banked production (thousandths). */
export function decodeStoredPending(stored: unknown): ResourceAmounts {
  return storedPending.parse(stored);
}
