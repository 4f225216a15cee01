import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { hiveSignerLoginSchema, usernameParamsSchema, verifyLoginSchema } from '@runik/contract';
import type { HiveSignerLoginRequest, LoginChallengeResponse, LogoutResponse, SessionResponse, VerifyLoginRequest } from '@runik/contract';
import type { FastifyReply } from 'fastify';
import { ZodPipe } from '../core/validation/zod.pipe';
import { LoginRateLimit } from '../rate-limit/rate-limit.decorator';
import { AuthService } from './auth.service';
import { CurrentSession } from './current-session.decorator';
import { clearSessionCookie, StartsSessionCookie } from './session-cookie';
import { EndsSession, Public, type SessionRequest } from './session.guard';
import type { AuthenticatedSession } from './session.service';

/** Public calls are rate limited per client address and per call (AUTH_RATE_LIMIT_PER_MINUTE, see RateLimitModule). */
@LoginRateLimit()
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Get('login-challenge/:username')
  loginChallenge(@Param(new ZodPipe(usernameParamsSchema)) { username }: { username: string }): Promise<LoginChallengeResponse> {
    return this.auth.loginChallenge(username);
  }

  @Public()
  @Post('verify-login')
  @HttpCode(200)
  @StartsSessionCookie()
  verifyLogin(@Body(new ZodPipe(verifyLoginSchema)) body: VerifyLoginRequest): Promise<SessionResponse> {
    return this.auth.verifyLogin(body);
  }

  /** Login through HiveSigner (issue 49, additive): the token it redirected back with, checked against its API. */
  @Public()
  @Post('login/hivesigner')
  @HttpCode(200)
  @StartsSessionCookie()
  hiveSignerLogin(@Body(new ZodPipe(hiveSignerLoginSchema)) body: HiveSignerLoginRequest): Promise<SessionResponse> {
    return this.auth.hiveSignerLogin(body.accessToken);
  }

  /** Ends the session the request was authenticated by (both, when it carried two session cookies: SessionGuard). */
  @Post('logout')
  @HttpCode(200)
  @EndsSession()
  async logout(
    @CurrentSession() session: AuthenticatedSession,
    @Req() request: SessionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LogoutResponse> {
    for (const ending of request.endingSessions ?? [session]) await this.auth.logout(ending);
    clearSessionCookie(reply);
    return { success: true };
  }
}
