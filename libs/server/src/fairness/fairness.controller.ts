import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { emptyBodySchema, rotateSeedBodySchema, usernameParamsSchema } from '@runik/contract';
import type { FairnessResponse, RotateSeedRequest, RotateSeedResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { FairnessService } from './fairness.service';

const REVEALED_DESCRIPTION =
  '`{ serverSeed, commitment, clientSeed, fromNonce, toNonce, postedDay, postedInBlock, postTransactionId, merkleRoot, merkleProof, revealedAt, rolls }`';

/** Provably fair rolls (not in the spec: issue 51, docs/fairness.md); the session guard has checked that `{username}` is the caller. */
@Controller('fairness')
export class FairnessController {
  constructor(private readonly fairness: FairnessService) {}

  @Get(':username')
  @ApiOperation({
    summary: "The player's seed pairs",
    description: 'The current pair (commitment, client seed, next nonce) and the revealed ones with every roll made with them.',
  })
  @ApiOkResponse({ description: `\`{ current: { commitment, clientSeed, nonce }, revealed: [${REVEALED_DESCRIPTION}] }\`` })
  state(
    @Param(new ZodPipe(usernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<FairnessResponse> {
    return this.fairness.fairness(session.playerId);
  }

  @Post(':username/rotate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reveals the current seed pair and commits to a new one',
    description: '`{ clientSeed? }`: the new pair’s client seed (1 to 64 printable ASCII characters, no space), else one the server draws.',
  })
  @ApiOkResponse({ description: `\`{ revealed: ${REVEALED_DESCRIPTION}, current: { commitment, clientSeed, nonce } }\`` })
  rotate(
    @Param(new ZodPipe(usernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(rotateSeedBodySchema)) body: RotateSeedRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<RotateSeedResponse> {
    return this.fairness.rotate(session.playerId, body.clientSeed);
  }
}
