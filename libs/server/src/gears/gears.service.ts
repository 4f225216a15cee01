import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GearType } from '@runik/rules';
import { GearMessages } from '@runik/contract';
import type { AvailableGearsQuery, CommanderGearResponse, EquippedGearsResponse, GearActionResponse, GearsResponse } from '@runik/contract';
import { bankProduction } from '../city/city-state';
import { CityTransactions } from '../city/city-transactions';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { equippedGears, gearDto, GearRow, refreshCommanderBoosts } from './gear-rows';

/**
 * The city's gear slots, one per gear type. Equipping runs as a city action: the city row is held
 * (one gear change at a time per player) and production is banked first, since mayor gear changes
 * its rate.
 */
@Injectable()
export class GearsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
  ) {}

  async equipped(playerId: number): Promise<EquippedGearsResponse> {
    return { equippedGears: await equippedGears(this.dataSource.manager, playerId) };
  }

  /** Another player's commander slots, as the attack screen shows an enemy's gear. */
  async commanderGear(username: string): Promise<CommanderGearResponse> {
    const [player] = await this.dataSource.query(`SELECT id FROM players WHERE hive_username = $1`, [username]);
    if (!player) throw ApiError.notFound(GearMessages.playerNotFound);
    const { infantry, archer, cavalry } = await equippedGears(this.dataSource.manager, Number(player.id));
    return { username, equippedGears: { infantry, archer, cavalry } };
  }

  /** Owned gears that could go into a slot now: not equipped, not listed. */
  async available(playerId: number, { category, type }: AvailableGearsQuery): Promise<GearsResponse> {
    const rows: GearRow[] = await this.dataSource.query(
      `SELECT * FROM gears WHERE owner_id = $1 AND NOT equipped AND NOT listed
         AND ($2::text IS NULL OR category = $2) AND ($3::text IS NULL OR type = $3)
       ORDER BY level DESC, id`,
      [playerId, category ?? null, type ?? null],
    );
    return { gears: rows.map(gearDto) };
  }

  /** A gear goes into its own type's slot; whatever was there returns to the available gears. */
  equip(playerId: number, gearId: number, slot: GearType): Promise<GearActionResponse> {
    return this.cities.run(playerId, async ({ manager, state, now }) => {
      const [gear]: GearRow[] = await manager.query(`SELECT * FROM gears WHERE id = $1`, [gearId]);
      if (!gear) throw ApiError.notFound(GearMessages.gearNotFound);
      if (Number(gear.owner_id) !== playerId) throw ApiError.forbidden(GearMessages.notYourGear);
      if (gear.type !== slot) throw ApiError.badRequest(GearMessages.wrongSlot(slot));
      if (gear.equipped) throw ApiError.conflict(GearMessages.alreadyEquipped);
      if (gear.listed) throw ApiError.conflict(GearMessages.gearListed);
      await bankProduction(manager, state, now);
      await manager.query(`UPDATE gears SET equipped = false WHERE owner_id = $1 AND type = $2 AND equipped`, [playerId, slot]);
      try {
        await manager.query(`UPDATE gears SET equipped = true WHERE id = $1`, [gearId]);
      } catch (error) {
        throw isUniqueViolation(error) ? ApiError.conflict(GearMessages.alreadyEquipped) : error;
      }
      await refreshCommanderBoosts(manager, playerId);
      return { success: true, message: GearMessages.equipped, equippedGears: await equippedGears(manager, playerId) };
    });
  }

  unequip(playerId: number, slot: GearType): Promise<GearActionResponse> {
    return this.cities.run(playerId, async ({ manager, state, now }) => {
      await bankProduction(manager, state, now);
      const emptied = await manager.query(
        `WITH emptied AS (UPDATE gears SET equipped = false WHERE owner_id = $1 AND type = $2 AND equipped RETURNING id) SELECT id FROM emptied`,
        [playerId, slot],
      );
      if (emptied.length === 0) throw ApiError.badRequest(GearMessages.slotEmpty);
      await refreshCommanderBoosts(manager, playerId);
      return { success: true, message: GearMessages.unequipped, equippedGears: await equippedGears(manager, playerId) };
    });
  }
}
