import { Controller, Get, Query } from '@nestjs/common';
import { emptyBodySchema, leaderboardQuerySchema } from '@runik/contract';
import type { LeaderboardQuery, LeaderboardResponse, SeasonsResponse } from '@runik/contract';
import { Public } from '../auth/session.guard';
import { ZodPipe } from '../core/validation/zod.pipe';
import { LeaderboardService } from './leaderboard.service';

/** Leaderboards are public (DESIGN: no session needed). */
@Public()
@Controller('leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboards: LeaderboardService) {}

  @Get('leaderboard')
  leaderboard(@Query(new ZodPipe(leaderboardQuerySchema)) query: LeaderboardQuery): Promise<LeaderboardResponse> {
    return this.leaderboards.leaderboard(query);
  }

  @Get('seasons')
  seasons(@Query(new ZodPipe(emptyBodySchema)) _query: unknown): Promise<SeasonsResponse> {
    return this.leaderboards.seasons();
  }
}
