import { MAX_UPGRADE_MATERIALS, type Gear } from '@runik/contract';
import { GEAR_MAX_LEVEL, GEAR_RARITIES } from '@runik/rules';

/** The blacksmith's choice: one target, then up to 10 materials (spec section 4), in the order picked. */
export interface UpgradeSelection {
  targetId: number | null;
  materialIds: readonly number[];
}

export const NO_SELECTION: UpgradeSelection = { targetId: null, materialIds: [] };

/**
 * From this rarity up, consuming a gear as material is confirmed first: it is gone for good, and
 * anything above Common is worth asking about (issue 35: a Rare went without a word).
 */
const PRECIOUS_FROM = GEAR_RARITIES.indexOf('rare');

/** The materials the player is asked about before they are consumed (every rarity above Common). */
export function preciousMaterials(materials: readonly Gear[]): Gear[] {
  return materials.filter((gear) => GEAR_RARITIES.indexOf(gear.rarity) >= PRECIOUS_FROM);
}

/** A listed gear is promised to a buyer as it is; a gear at the top level has nothing to gain. */
export function canBeTarget(gear: Gear): boolean {
  return !gear.isListed && gear.level < GEAR_MAX_LEVEL;
}

/** Spec section 5: never equipped, never the target; the server also refuses listed gear. */
export function canBeMaterial(gear: Gear, targetId: number | null): boolean {
  return targetId !== null && gear.gearId !== targetId && !gear.isEquipped && !gear.isListed;
}

/**
 * Picks `gear` as the target (it stops being a material). Picking the target again
 * deselects it and starts over, since materials are chosen for a target.
 */
export function toggleTarget(selection: UpgradeSelection, gear: Gear): UpgradeSelection {
  if (selection.targetId === gear.gearId) return NO_SELECTION;
  return { targetId: gear.gearId, materialIds: selection.materialIds.filter((id) => id !== gear.gearId) };
}

/** Adds or removes `gear` as material; null when adding it would go past the maximum. */
export function toggleMaterial(selection: UpgradeSelection, gear: Gear): UpgradeSelection | null {
  if (selection.materialIds.includes(gear.gearId)) {
    return { ...selection, materialIds: selection.materialIds.filter((id) => id !== gear.gearId) };
  }
  if (selection.materialIds.length >= MAX_UPGRADE_MATERIALS) return null;
  return { ...selection, materialIds: [...selection.materialIds, gear.gearId] };
}

/**
 * The selection as it stands against the gears just loaded: a gear that is gone, or that
 * can no longer be used (equipped or listed elsewhere since), drops out of it.
 */
export function currentSelection(selection: UpgradeSelection, gears: readonly Gear[]): UpgradeSelection {
  const byId = new Map(gears.map((gear) => [gear.gearId, gear]));
  const target = selection.targetId === null ? undefined : byId.get(selection.targetId);
  if (!target || !canBeTarget(target)) return NO_SELECTION;
  const materialIds = selection.materialIds.filter((id) => {
    const material = byId.get(id);
    return material !== undefined && canBeMaterial(material, target.gearId);
  });
  return materialIds.length === selection.materialIds.length && target.gearId === selection.targetId
    ? selection
    : { targetId: target.gearId, materialIds };
}
