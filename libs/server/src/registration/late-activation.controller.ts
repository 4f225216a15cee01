import { Controller, Get, Param } from '@nestjs/common';
import { usernameParamsSchema } from '@runik/contract';
import type { LateActivationPreviewResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { RegistrationService } from './registration.service';

/** A free account's late activation, for the session's own account (the session guard has checked `{username}`). */
@Controller('late-activation')
export class LateActivationController {
  constructor(private readonly registration: RegistrationService) {}

  /** What paying the late fee now would do to the account's RUNIK; 409 once it is activated. */
  @Get(':username')
  preview(
    @Param(new ZodPipe(usernameParamsSchema)) _params: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<LateActivationPreviewResponse> {
    return this.registration.lateActivationPreview(session.playerId);
  }
}
