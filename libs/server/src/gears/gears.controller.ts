import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { availableGearsQuerySchema, equippedQuerySchema, equipSchema, gearUsernameParamsSchema, unequipSchema } from '@runik/contract';
import type {
  AvailableGearsQuery,
  EquippedGearsResponse,
  EquipRequest,
  GearActionResponse,
  GearsResponse,
  UnequipRequest,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { GearsService } from './gears.service';

/** The session guard has checked that `{username}` / `hiveUsername` is the caller. */
@Controller('gears')
export class GearsController {
  constructor(private readonly gears: GearsService) {}

  @Get('equipped/:username')
  equipped(
    @Param(new ZodPipe(gearUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(equippedQuerySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<EquippedGearsResponse> {
    return this.gears.equipped(session.playerId);
  }

  @Get('available/:username')
  available(
    @Param(new ZodPipe(gearUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(availableGearsQuerySchema)) query: AvailableGearsQuery,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<GearsResponse> {
    return this.gears.available(session.playerId, query);
  }

  @Post('equip')
  @HttpCode(200)
  equip(
    @Body(new ZodPipe(equipSchema)) { gearId, slotType }: EquipRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<GearActionResponse> {
    return this.gears.equip(session.playerId, gearId, slotType);
  }

  @Post('unequip')
  @HttpCode(200)
  unequip(
    @Body(new ZodPipe(unequipSchema)) { slotType }: UnequipRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<GearActionResponse> {
    return this.gears.unequip(session.playerId, slotType);
  }
}
