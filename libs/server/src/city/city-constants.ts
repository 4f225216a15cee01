import { BASE_PRODUCTIONS, CONVERSION_RATES, MILITARY_BUILDINGS, RESOURCE_BUILDINGS, UNLOCKS } from '@runik/rules';
import type { CityConstantsResponse } from '@runik/contract';

/** The balance sheet as the client reads it; built once, it never changes while the server runs. */
export const CITY_CONSTANTS: CityConstantsResponse = Object.freeze({
  baseProductions: BASE_PRODUCTIONS,
  resourceBuildings: RESOURCE_BUILDINGS.map((building) => ({ ...building })),
  militaryBuildings: MILITARY_BUILDINGS.map((building) => ({ ...building, costs: { ...building.costs } })),
  unlocks: UNLOCKS,
  CONVERSION_RATES,
});
