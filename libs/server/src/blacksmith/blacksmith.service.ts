import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { absorbedExp, addExp, GEAR_MAX_LEVEL, gearName } from '@runik/rules';
import { GearMessages, UPGRADE_HISTORY_PAGE_SIZE } from '@runik/contract';
import type {
  UpgradeHistoryResponse,
  UpgradePreview,
  UpgradePreviewResponse,
  UpgradeRequest,
  UpgradeResult,
  UserGearsResponse,
} from '@runik/contract';
import { bankProduction } from '../city/city-state';
import { CityTransactions } from '../city/city-transactions';
import { ApiError } from '../core/errors/api-error';
import { gearDto, GearRow, gearsOf, refreshCommanderBoosts } from '../gears/gear-rows';

interface CheckedUpgrade {
  target: GearRow;
  materials: GearRow[];
  preview: UpgradePreview;
}

/**
 * Upgrades consume material gears into a target's experience. An upgrade is a city action: the
 * player's city row is held, so one gear cannot feed two upgrades at once, and production is banked
 * first in case the target is equipped mayor gear.
 */
@Injectable()
export class BlacksmithService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
  ) {}

  async userGears(playerId: number): Promise<UserGearsResponse> {
    return { success: true, gears: (await gearsOf(this.dataSource.manager, playerId)).map(gearDto) };
  }

  async preview(playerId: number, request: UpgradeRequest): Promise<UpgradePreviewResponse> {
    return { preview: (await check(this.dataSource.manager, playerId, request)).preview };
  }

  upgrade(playerId: number, request: UpgradeRequest): Promise<UpgradeResult> {
    return this.cities.run(playerId, async ({ manager, state, now }) => {
      const { target, materials, preview } = await check(manager, playerId, request);
      if (target.equipped) await bankProduction(manager, state, now);
      const { level, currentExp } = addExp(target.level, target.current_exp, preview.totalExpGained);
      // The target's material value grows by what it absorbed, never by more than the materials were worth.
      const absorbed = absorbedExp(target.level, target.current_exp, preview.totalExpGained);
      await manager.query(`DELETE FROM gears WHERE id = ANY($1)`, [materials.map((material) => material.id)]);
      const [upgraded]: GearRow[] = await manager.query(
        `WITH upgraded AS (UPDATE gears SET level = $2, current_exp = $3, exp_value = exp_value + $4 WHERE id = $1 RETURNING *) SELECT * FROM upgraded`,
        [target.id, level, currentExp, absorbed],
      );
      await manager.query(
        `INSERT INTO gear_upgrades (player_id, gear_id, gear_name, level_before, level_after, exp_gained, materials_used, upgraded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          playerId,
          target.id,
          gearName(target.type, target.rarity, level),
          target.level,
          level,
          preview.totalExpGained,
          materials.length,
          now,
        ],
      );
      if (target.equipped) await refreshCommanderBoosts(manager, playerId);
      return { success: true, message: GearMessages.upgraded, gear: gearDto(upgraded) };
    });
  }

  async history(playerId: number, offset: number): Promise<UpgradeHistoryResponse> {
    const rows: {
      gear_id: string;
      gear_name: string;
      level_before: number;
      level_after: number;
      exp_gained: number;
      materials_used: number;
      upgraded_at: Date;
    }[] = await this.dataSource.query(
      `SELECT * FROM gear_upgrades WHERE player_id = $1 ORDER BY upgraded_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [playerId, UPGRADE_HISTORY_PAGE_SIZE, offset],
    );
    return {
      history: rows.map((row) => ({
        gearId: Number(row.gear_id),
        gearName: row.gear_name,
        levelChange: row.level_after - row.level_before,
        expGained: row.exp_gained,
        materialsUsed: row.materials_used,
        upgradedAt: row.upgraded_at.toISOString(),
      })),
    };
  }
}

/** The blacksmith's rules (spec, section 5): all gears owned, target not a material, materials neither equipped nor listed. */
async function check(manager: EntityManager, playerId: number, { gearId, materialIds }: UpgradeRequest): Promise<CheckedUpgrade> {
  if (materialIds.includes(gearId)) throw ApiError.badRequest(GearMessages.targetAsMaterial);
  const rows: GearRow[] = await manager.query(`SELECT * FROM gears WHERE id = ANY($1)`, [[gearId, ...materialIds]]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  for (const id of [gearId, ...materialIds]) {
    const gear = byId.get(id);
    if (!gear) throw ApiError.notFound(GearMessages.gearNotFound);
    if (Number(gear.owner_id) !== playerId) throw ApiError.forbidden(GearMessages.notYourGear);
    if (gear.listed) throw ApiError.conflict(GearMessages.gearListed);
  }
  const target = byId.get(gearId)!;
  if (target.level >= GEAR_MAX_LEVEL) throw ApiError.badRequest(GearMessages.maxLevel);
  const materials = materialIds.map((id) => byId.get(id)!);
  if (materials.some((material) => material.equipped)) throw ApiError.badRequest(GearMessages.materialEquipped);

  const validMaterials = materials.map((material) => ({
    gearId: Number(material.id),
    name: gearName(material.type, material.rarity, material.level),
    expValue: material.exp_value,
  }));
  const totalExpGained = validMaterials.reduce((sum, material) => sum + material.expValue, 0);
  const { level } = addExp(target.level, target.current_exp, totalExpGained);
  return {
    target,
    materials,
    preview: {
      currentLevel: target.level,
      newLevel: level,
      levelIncrease: level - target.level,
      totalExpGained,
      willLevelUp: level > target.level,
      validMaterials,
    },
  };
}
