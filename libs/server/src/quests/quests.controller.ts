import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { emptyBodySchema, questClaimSchema, questsParamsSchema } from '@runik/contract';
import type { QuestClaimRequest, QuestClaimResponse, QuestsResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { QuestsService } from './quests.service';

const QUESTS_DESCRIPTION =
  '`{ daily: [...], chain: [...], dailyResetsAt, streak: { days, bonusPercent } }`, each quest `{ id, title, progress, goal, reward, completedAt, claimedAt }`';

/** Daily quests and the quest chain (not in the spec: issue 36); the session guard has checked that `{username}` is the session's player. */
@Controller('quests')
export class QuestsController {
  constructor(private readonly quests: QuestsService) {}

  @Get(':username')
  @ApiOperation({
    summary: "The player's quests",
    description: 'Progress counted from the real actions; daily quests start again at 08:00 Asia/Manila.',
  })
  @ApiOkResponse({ description: QUESTS_DESCRIPTION })
  list(
    @Param(new ZodPipe(questsParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<QuestsResponse> {
    return this.quests.quests(session.playerId);
  }

  @Post(':username/claim')
  @HttpCode(200)
  @ApiOperation({
    summary: "Claims a complete quest's reward",
    description:
      'Once per quest (a daily one once a game day). 409 when not complete or already claimed; 429 when the emission budget holds a RUNIK reward back until the next game day.',
  })
  @ApiOkResponse({ description: `${QUESTS_DESCRIPTION}, and \`claimed\`` })
  claim(
    @Param(new ZodPipe(questsParamsSchema)) _params: unknown,
    @Body(new ZodPipe(questClaimSchema)) { questId }: QuestClaimRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<QuestClaimResponse> {
    return this.quests.claim(session.playerId, questId);
  }
}
