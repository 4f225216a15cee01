import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedSession } from './session.service';
import type { SessionRequest } from './session.guard';

/** The session the SessionGuard authenticated for this request. */
export const CurrentSession = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedSession => context.switchToHttp().getRequest<SessionRequest>().session!,
);
