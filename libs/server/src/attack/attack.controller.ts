import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  attackGearParamsSchema,
  attackParamsSchema,
  attackUsernameParamsSchema,
  emptyBodySchema,
  enemiesQuerySchema,
} from '@runik/contract';
import type {
  ArmyStatsResponse,
  AttackPreviewResponse,
  AttackResponse,
  BattleLogsResponse,
  CommanderGearResponse,
  EnemiesQuery,
  EnemiesResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { GearsService } from '../gears/gears.service';
import { AttackService } from './attack.service';

/** The session guard has checked that `{username}` is the caller; the session names the attacker. */
@Controller('attack')
export class AttackController {
  constructor(
    private readonly attacks: AttackService,
    private readonly gears: GearsService,
  ) {}

  /** `{id}` names a player: the commander gear behind an enemy's bonuses. */
  @Get('gear/:id')
  gear(
    @Param(new ZodPipe(attackGearParamsSchema)) { id }: { id: string },
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
  ): Promise<CommanderGearResponse> {
    return this.gears.commanderGear(id);
  }

  @Get('enemies/:username')
  enemies(
    @Param(new ZodPipe(attackUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(enemiesQuerySchema)) { page, minLevel }: EnemiesQuery,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<EnemiesResponse> {
    return this.attacks.enemies(session.playerId, page, minLevel);
  }

  /** What an attack on `{enemy}` would likely do (issue 36): the battle's formula over the luck range. */
  @Get('preview/:username/:enemy')
  preview(
    @Param(new ZodPipe(attackParamsSchema)) { enemy }: { enemy: string },
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AttackPreviewResponse> {
    return this.attacks.preview(session.playerId, enemy);
  }

  @Get('battle-logs/:username')
  battleLogs(
    @Param(new ZodPipe(attackUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<BattleLogsResponse> {
    return this.attacks.battleLogs(session.playerId);
  }

  @Get(':username')
  armyStats(
    @Param(new ZodPipe(attackUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ArmyStatsResponse> {
    return this.attacks.armyStats(session.playerId);
  }

  @Post(':username/:enemy')
  @HttpCode(200)
  attack(
    @Param(new ZodPipe(attackParamsSchema)) { enemy }: { enemy: string },
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(emptyBodySchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AttackResponse> {
    return this.attacks.attack(session.playerId, session.hiveUsername, enemy);
  }
}
