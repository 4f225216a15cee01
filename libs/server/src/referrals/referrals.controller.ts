import { Controller, Get, Param } from '@nestjs/common';
import { hiveUsernameParamsSchema, ReferredPlayersResponse } from '@runik/contract';
import { ZodPipe } from '../core/validation/zod.pipe';
import { ReferralsService } from './referrals.service';

@Controller('navbar')
export class ReferralsController {
  constructor(private readonly referrals: ReferralsService) {}

  /** The session guard has already checked that hiveUsername is the caller. */
  @Get('referred-players/:hiveUsername')
  referredPlayers(
    @Param(new ZodPipe(hiveUsernameParamsSchema)) { hiveUsername }: { hiveUsername: string },
  ): Promise<ReferredPlayersResponse> {
    return this.referrals.referredPlayers(hiveUsername);
  }
}
