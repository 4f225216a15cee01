import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  cityUsernameParamsSchema,
  depositCheckParamsSchema,
  depositCheckQuerySchema,
  depositInitSchema,
  withdrawSchema,
} from '@runik/contract';
import type {
  DepositCheckResponse,
  DepositInitCommand,
  DepositInitResponse,
  DepositStatusResponse,
  WithdrawResponse,
  WithdrawStatusResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { DepositService } from './deposit.service';
import { WithdrawService } from './withdraw.service';

/** Deposits and withdrawals; the session guard has checked `{username}` and `?username=`. */
@Controller('city')
export class WalletController {
  constructor(
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawService,
  ) {}

  @Post('deposit/init/:username')
  @HttpCode(200)
  depositInit(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(depositInitSchema)) body: DepositInitCommand,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<DepositInitResponse> {
    return this.deposits.init(session.playerId, body);
  }

  @Get('deposit/check/:txId')
  depositCheck(
    @Param(new ZodPipe(depositCheckParamsSchema)) { txId }: { txId: string },
    @Query(new ZodPipe(depositCheckQuerySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<DepositCheckResponse> {
    return this.deposits.check(session.playerId, txId);
  }

  @Get('deposit/status/:username')
  depositStatus(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<DepositStatusResponse> {
    return this.deposits.statusOf(session.playerId);
  }

  @Get('withdraw/status/:username')
  withdrawStatus(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<WithdrawStatusResponse> {
    return this.withdrawals.statusOf(session.playerId);
  }

  @Post('withdraw/:username')
  @HttpCode(200)
  withdraw(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(withdrawSchema)) { amount }: { amount: number },
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<WithdrawResponse> {
    return this.withdrawals.withdraw(session.playerId, amount);
  }
}
