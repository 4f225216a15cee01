import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { freeRegistrationSchema, initiateRegistrationSchema, txIdParamsSchema, usernameParamsSchema } from '@runik/contract';
import type {
  FreeRegistrationRequest,
  HiveBalanceResponse,
  HivePriceResponse,
  InitiateRegistrationRequest,
  InitiateRegistrationResponse,
  SessionResponse,
  TransactionStatusResponse,
} from '@runik/contract';
import { StartsSessionCookie } from '../auth/session-cookie';
import { Public } from '../auth/session.guard';
import { ZodPipe } from '../core/validation/zod.pipe';
import { LoginRateLimit } from '../rate-limit/rate-limit.decorator';
import { RegistrationService } from './registration.service';

/**
 * Registration calls are public: the chain payment or the signed challenge proves the account.
 * They are rate limited per client address and per call (AUTH_RATE_LIMIT_PER_MINUTE, see RateLimitModule).
 */
@LoginRateLimit()
@Public()
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Get('hive-price')
  hivePrice(): Promise<HivePriceResponse> {
    return this.registration.hivePrice();
  }

  @Get('hive-balance/:username')
  hiveBalance(@Param(new ZodPipe(usernameParamsSchema)) { username }: { username: string }): Promise<HiveBalanceResponse> {
    return this.registration.hiveBalance(username);
  }

  @Post('initiate-registration')
  @HttpCode(200)
  initiate(@Body(new ZodPipe(initiateRegistrationSchema)) body: InitiateRegistrationRequest): Promise<InitiateRegistrationResponse> {
    return this.registration.initiate(body);
  }

  @Get('transaction-status/:txId')
  transactionStatus(@Param(new ZodPipe(txIdParamsSchema)) { txId }: { txId: string }): Promise<TransactionStatusResponse> {
    return this.registration.transactionStatus(txId);
  }

  @Post('free-registration')
  @HttpCode(200)
  @StartsSessionCookie()
  registerFree(@Body(new ZodPipe(freeRegistrationSchema)) body: FreeRegistrationRequest): Promise<SessionResponse> {
    return this.registration.registerFree(body);
  }
}
