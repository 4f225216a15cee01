import {
  BuildingKey,
  MAX_CITY_HALL_LEVEL,
  MILITARY_BUILDINGS,
  MilitaryBuilding,
  MilitaryBuildingKey,
  RESOURCE_BUILDINGS,
  ResourceBuilding,
} from './balance-sheet';
import { ceilClean } from './fixed-point';

export type AnyBuilding = ResourceBuilding | MilitaryBuilding;

const BUILDINGS = new Map<string, AnyBuilding>([...RESOURCE_BUILDINGS, ...MILITARY_BUILDINGS].map((building) => [building.key, building]));

export function buildingByKey(key: string): AnyBuilding | undefined {
  return BUILDINGS.get(key);
}

export function militaryBuilding(key: MilitaryBuildingKey): MilitaryBuilding {
  return MILITARY_BUILDINGS.find((building) => building.key === key)!;
}

/** City Hall upgrade cost from `level`: level² RUNIK, thousandths. */
/**
 * An upgrade costing at least this much RUNIK (thousandths) is confirmed first, showing what it
 * spends (issue 35): the first days' upgrades (City Hall 5 costs 30 RUNIK in all) go at once, the
 * dear ones ask. Spent RUNIK is never refunded.
 */
export const UPGRADE_CONFIRM_FROM = 50_000;

export function cityHallUpgradeCost(level: number): number {
  return level * level * 1000;
}

/** Building upgrade cost from `level`: level^exp RUNIK rounded up to a whole RUNIK, thousandths (exp overridable by the economy simulation). */
export function buildingUpgradeCost(key: BuildingKey, level: number, exp = buildingByKey(key)!.exp): number {
  return ceilClean(level ** exp) * 1000;
}

export function isBuildingUnlocked(key: BuildingKey, chLevel: number): boolean {
  return chLevel >= buildingByKey(key)!.unlock;
}

export type UpgradeBlock =
  { reason: 'locked'; unlockLevel: number } | { reason: 'needs-city-hall'; cityHallLevel: number } | { reason: 'max-level' };

/**
 * Why a building cannot be upgraded now, or null: it must be unlocked, below City Hall,
 * and City Hall at least its level plus its unlock value.
 */
export function buildingUpgradeBlock(key: BuildingKey, level: number, chLevel: number): UpgradeBlock | null {
  const { unlock } = buildingByKey(key)!;
  if (chLevel < unlock) return { reason: 'locked', unlockLevel: unlock };
  const cityHallLevel = Math.max(level + 1, level + unlock);
  if (chLevel < cityHallLevel) return { reason: 'needs-city-hall', cityHallLevel };
  return null;
}

export function cityHallUpgradeBlock(chLevel: number): UpgradeBlock | null {
  return chLevel >= MAX_CITY_HALL_LEVEL ? { reason: 'max-level' } : null;
}
