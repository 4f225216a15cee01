import type { CityConstantsResponse } from '@runik/contract';
import { CityMessages } from '@runik/contract';
import {
  buildingByKey,
  buildingUpgradeBlock,
  buildingUpgradeCost,
  cityHallUpgradeBlock,
  cityHallUpgradeCost,
  formatRunik,
  RESOURCE_KEYS,
  UNLOCKS,
  type BuildingKey,
  type MilitaryBuildingKey,
  type ResourceKey,
  type UnitKey,
  type UpgradeBlock,
} from '@runik/rules';
import type { CityState } from './city-state';

export type MilitaryInfo = CityConstantsResponse['militaryBuildings'][number];

/** Labels come from the server's constants; every number from the shared rules. */
export function buildingName(constants: CityConstantsResponse, key: BuildingKey): string {
  const building = [...constants.resourceBuildings, ...constants.militaryBuildings].find((candidate) => candidate.key === key);
  return building?.name ?? key;
}

export function militaryInfo(constants: CityConstantsResponse, key: MilitaryBuildingKey): MilitaryInfo {
  const info = constants.militaryBuildings.find((building) => building.key === key);
  if (!info) throw new Error(`The city constants have no military building ${key}`);
  return info;
}

export function unitName(constants: CityConstantsResponse, unitKey: UnitKey): string {
  return constants.militaryBuildings.find((building) => building.unitKey === unitKey)?.unit ?? unitKey;
}

export function unlockLevel(key: BuildingKey): number {
  const building = buildingByKey(key);
  if (!building) throw new Error(`The rules have no building ${key}`);
  return building.unlock;
}

/** Resources the City Hall level has opened (the only ones RUNIK can buy). */
export function unlockedResources(chLevel: number): ResourceKey[] {
  return RESOURCE_KEYS.filter((resource) => chLevel >= UNLOCKS[resource]);
}

export interface UpgradeOffer {
  /** RUNIK, thousandths. */
  cost: number;
  /** Why the Upgrade button is disabled, or null when it is not. */
  blockedBecause: string | null;
}

function describeBlock(block: UpgradeBlock, name: string): string {
  switch (block.reason) {
    case 'locked':
      return CityMessages.buildingLocked(name, block.unlockLevel);
    case 'needs-city-hall':
      return CityMessages.needsCityHall(name, block.cityHallLevel);
    case 'max-level':
      return CityMessages.cityHallMaxed;
  }
}

function offer(cost: number, block: UpgradeBlock | null, name: string, runik: number): UpgradeOffer {
  if (block) return { cost, blockedBecause: describeBlock(block, name) };
  if (runik < cost) return { cost, blockedBecause: CityMessages.notEnoughRunik(formatRunik(cost), formatRunik(runik)) };
  return { cost, blockedBecause: null };
}

export function buildingUpgradeOffer(city: CityState, key: BuildingKey, name: string): UpgradeOffer {
  const level = city.levels[key];
  return offer(buildingUpgradeCost(key, level), buildingUpgradeBlock(key, level, city.chLevel), name, city.holdings.runik);
}

export function cityHallUpgradeOffer(city: CityState): UpgradeOffer {
  return offer(cityHallUpgradeCost(city.chLevel), cityHallUpgradeBlock(city.chLevel), 'City Hall', city.holdings.runik);
}
