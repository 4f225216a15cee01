import { z } from 'zod';
import { GEAR_CATEGORIES, GEAR_TYPES } from '@runik/rules';
import type { GearCategory, GearRarity, GearStats, GearType } from '@runik/rules';
import { hiveUsernameSchema, OFFSET_MESSAGE, offsetQueryParameterSchema } from '../common/schemas';

/** Gear and blacksmith messages: the spec's verbatim where it gives them (sections 4 and 8), ours otherwise. */
export const GearMessages = {
  invalidGearId: 'Invalid gear id.',
  unknownSlot: 'Unknown gear slot.',
  unknownCategory: 'Unknown gear category.',
  unknownType: 'Unknown gear type.',
  gearNotFound: 'Gear not found.',
  playerNotFound: 'Player not found.',
  notYourGear: 'This gear is not yours.',
  wrongSlot: (slot: string) => `This gear does not fit the ${slot} slot.`,
  alreadyEquipped: 'This gear is already equipped.',
  gearListed: 'This gear is listed on the marketplace.',
  slotEmpty: 'Nothing is equipped in this slot.',
  equipped: 'Gear equipped.',
  unequipped: 'Gear unequipped.',
  selectMaterials: 'Select at least one material.',
  tooManyMaterials: 'Select at most 10 materials.',
  duplicateMaterial: 'Each material may be selected once.',
  targetAsMaterial: 'The gear being upgraded cannot be used as its own material.',
  materialEquipped: 'Equipped gears cannot be used as material.',
  maxLevel: 'This gear is already at the maximum level.',
  invalidOffset: OFFSET_MESSAGE,
  upgraded: 'Gear Upgraded Successfully!',
  // Client texts (section 8).
  loginGears: 'Please log in to access your gears.',
  failedEquipped: 'Failed to fetch equipped gears',
  failedAvailable: 'Failed to fetch available gears',
  failedUnequip: 'Failed to unequip gear',
  failedEquip: 'Failed to equip gear',
  networkError: 'Network error. Please check your connection and try again.',
  networkRetry: 'Network error. Please try again.',
  notUnequipped: 'Gear was not properly unequipped. Please try again.',
  failedRefresh: 'Failed to refresh gear data. Please reload the page.',
  failedLoad: 'Failed to load gears',
  errorLoading: 'Error loading gears',
  upgradeFailed: 'Upgrade failed',
  errorUpgrading: 'Error executing upgrade',
} as const;

/** Blacksmith: at most 10 materials (spec, section 9). */
export const MAX_UPGRADE_MATERIALS = 10;
/** Upgrade history entries per page. */
export const UPGRADE_HISTORY_PAGE_SIZE = 20;

export const gearIdSchema = z
  .number({ error: GearMessages.invalidGearId })
  .int(GearMessages.invalidGearId)
  .positive(GearMessages.invalidGearId)
  .max(Number.MAX_SAFE_INTEGER, GearMessages.invalidGearId);

/** A slot is named by the gear type it takes. */
export const gearSlotSchema = z.enum(GEAR_TYPES, { error: GearMessages.unknownSlot });

export const gearUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const equippedQuerySchema = z.strictObject({ _t: z.string().max(32).optional() });
export const availableGearsQuerySchema = z.strictObject({
  category: z.enum(GEAR_CATEGORIES, { error: GearMessages.unknownCategory }).optional(),
  type: z.enum(GEAR_TYPES, { error: GearMessages.unknownType }).optional(),
});
export type AvailableGearsQuery = z.infer<typeof availableGearsQuerySchema>;

export const equipSchema = z.strictObject({ hiveUsername: hiveUsernameSchema, gearId: gearIdSchema, slotType: gearSlotSchema });
export type EquipRequest = z.infer<typeof equipSchema>;
export const unequipSchema = z.strictObject({ hiveUsername: hiveUsernameSchema, slotType: gearSlotSchema });
export type UnequipRequest = z.infer<typeof unequipSchema>;

const materialIdsSchema = z
  .array(gearIdSchema, { error: GearMessages.selectMaterials })
  .min(1, GearMessages.selectMaterials)
  .max(MAX_UPGRADE_MATERIALS, GearMessages.tooManyMaterials)
  .refine((ids) => new Set(ids).size === ids.length, GearMessages.duplicateMaterial);

export const upgradePreviewSchema = z.strictObject({ gearId: gearIdSchema, materialIds: materialIdsSchema });
export type UpgradeRequest = z.infer<typeof upgradePreviewSchema>;
/** `priority` is the spec's field; the blacksmith works one upgrade at a time, so it changes nothing. */
export const upgradeSchema = upgradePreviewSchema.extend({ priority: z.union([z.string().max(16), z.number(), z.boolean()]).optional() });

export const upgradeHistoryQuerySchema = z.strictObject({ offset: offsetQueryParameterSchema });

export interface Gear {
  gearId: number;
  type: GearType;
  category: GearCategory;
  rarity: GearRarity;
  level: number;
  currentExp: number;
  /** Experience to the next level; 0 at the maximum level. */
  requiredExp: number;
  /** Percent of the way to the next level (100 at the maximum). */
  expProgress: number;
  /** Experience it gives as upgrade material. */
  expValue: number;
  isEquipped: boolean;
  /** Listed on the marketplace (it can then be neither equipped nor used as material). */
  isListed: boolean;
  stats: GearStats;
}

export type EquippedGears = Record<GearType, Gear | null>;

export interface EquippedGearsResponse {
  equippedGears: EquippedGears;
}

/** GET /api/attack/gear/{id}: a player's commander slots. */
export interface CommanderGearResponse {
  username: string;
  equippedGears: Pick<EquippedGears, 'infantry' | 'archer' | 'cavalry'>;
}

export interface GearsResponse {
  gears: Gear[];
}

export interface GearActionResponse {
  success: true;
  message: string;
  equippedGears: EquippedGears;
}

export interface UserGearsResponse {
  success: true;
  gears: Gear[];
}

export interface UpgradePreview {
  currentLevel: number;
  newLevel: number;
  levelIncrease: number;
  totalExpGained: number;
  willLevelUp: boolean;
  validMaterials: { gearId: number; name: string; expValue: number }[];
}

export interface UpgradePreviewResponse {
  preview: UpgradePreview;
}

export interface UpgradeResult {
  success: true;
  message: string;
  gear: Gear;
}

export interface UpgradeHistoryEntry {
  gearId: number;
  /** The gear as it came out of the upgrade, e.g. "Rare Wheat Gear Lv.3". */
  gearName: string;
  levelChange: number;
  expGained: number;
  materialsUsed: number;
  upgradedAt: string;
}

export interface UpgradeHistoryResponse {
  history: UpgradeHistoryEntry[];
}
