import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  emptyBodySchema,
  hivePackPurchaseSchema,
  packPurchaseParamsSchema,
  packsUsernameParamsSchema,
  runikPackPurchaseSchema,
} from '@runik/contract';
import type {
  HivePackPurchaseRequest,
  PackInfoResponse,
  PackOpenResponse,
  PackPurchaseResponse,
  PackPurchaseStatusResponse,
  PendingPackPurchaseResponse,
  RunikPackPurchaseRequest,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { PacksService } from './packs.service';

/** The session guard has checked that `{username}` / `hiveUsername` is the caller; purchases are looked up among the caller's own. */
@Controller('packs')
export class PacksController {
  constructor(private readonly packs: PacksService) {}

  @Get('info/:username')
  info(
    @Param(new ZodPipe(packsUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PackInfoResponse> {
    return this.packs.info(session.playerId, session.hiveUsername);
  }

  @Post('purchase/runik')
  @HttpCode(200)
  purchaseWithRunik(
    @Body(new ZodPipe(runikPackPurchaseSchema)) { packCount }: RunikPackPurchaseRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PackPurchaseResponse> {
    return this.packs.purchaseWithRunik(session.playerId, packCount);
  }

  @Post('purchase/hive')
  @HttpCode(200)
  purchaseWithHive(
    @Body(new ZodPipe(hivePackPurchaseSchema)) { packCount, hiveTxId }: HivePackPurchaseRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PackPurchaseResponse> {
    return this.packs.purchaseWithHive(session.playerId, packCount, hiveTxId);
  }

  @Get('purchase/status/pending/:username')
  pending(
    @Param(new ZodPipe(packsUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PendingPackPurchaseResponse> {
    return this.packs.pending(session.playerId);
  }

  @Get('purchase/status/:id')
  status(
    @Param(new ZodPipe(packPurchaseParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PackPurchaseStatusResponse> {
    return this.packs.status(session.playerId, id);
  }

  @Post('open/:id')
  @HttpCode(200)
  open(
    @Param(new ZodPipe(packPurchaseParamsSchema)) { id }: { id: number },
    @Body(new ZodPipe(emptyBodySchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PackOpenResponse> {
    return this.packs.open(session.playerId, id);
  }
}
