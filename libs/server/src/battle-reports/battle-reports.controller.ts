import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { battleReportParamsSchema, emptyBodySchema } from '@runik/contract';
import type { BattleReportParams, BattleReportResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { BattleReportsService } from './battle-reports.service';

@Controller('battle-reports')
export class BattleReportsController {
  constructor(private readonly reports: BattleReportsService) {}

  @Get(':kind/:id')
  @ApiOperation({
    summary: 'The report of one battle',
    description:
      '`kind` is `attack` (a raid on a city), `citadel` (an attack on a citadel boss) or `throne` (a fight for the throne); ' +
      '`id` is the battle id the attack response, battle log or notification gave. Open to the players who fought in the battle ' +
      'and to the present members of their alliances (so a link can be shared there); anyone else gets 403, an unknown battle 404, ' +
      'a bad kind or id 400.',
  })
  @ApiOkResponse({
    description:
      'Every report: `kind`, `id`, `foughtAt` and the `attacker` side (`power` in power points, `fighters`: each `hiveUsername`, ' +
      '`army` that went in, commander gear `boosts` in percent per troop type, `dead`, and `injured` sent to the Sanctum). ' +
      '`attack` adds `winner`, the `defender` side, the `seed` and the `rolls` drawn from it (replay with resolveBattle), ' +
      '`defenderPending` and `loot`. `citadel` adds `floor`, `attackNumber` (sets the casualties), `damage`, `bossHpBefore` and ' +
      "`bossHpAfter`. `throne` adds `attackKind` (`solo` | `rally`), `winner`, the `defender` side and each side's `alliance`.",
  })
  report(
    @Param(new ZodPipe(battleReportParamsSchema)) { kind, id }: BattleReportParams,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<BattleReportResponse> {
    return this.reports.report(session.playerId, kind, id);
  }
}
