import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  createShopPurchaseSchema,
  emptyBodySchema,
  shopPurchaseParamsSchema,
  shopPurchasesQuerySchema,
  shopUsernameParamsSchema,
} from '@runik/contract';
import type {
  CreateShopPurchaseRequest,
  CreateShopPurchaseResponse,
  ShopItemsResponse,
  ShopPurchasesResponse,
  ShopPurchaseStatusResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { ShopService } from './shop.service';

/** The session guard has checked that `{username}` / `hiveUsername` is the caller; purchases are looked up among the caller's own. */
@Controller('syncshop')
export class ShopController {
  constructor(private readonly shop: ShopService) {}

  @Get('items/:username')
  items(
    @Param(new ZodPipe(shopUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ShopItemsResponse> {
    return this.shop.items(session.playerId, session.hiveUsername);
  }

  @Get('purchases/:username')
  purchases(
    @Param(new ZodPipe(shopUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(shopPurchasesQuerySchema)) { status }: { status?: 'pending' },
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ShopPurchasesResponse> {
    return this.shop.purchases(session.playerId, status);
  }

  @Post('purchase/create')
  @HttpCode(200)
  create(
    @Body(new ZodPipe(createShopPurchaseSchema)) body: CreateShopPurchaseRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<CreateShopPurchaseResponse> {
    return this.shop.create(session.playerId, body);
  }

  @Get('purchase/status/:id')
  status(
    @Param(new ZodPipe(shopPurchaseParamsSchema)) { id }: { id: number },
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ShopPurchaseStatusResponse> {
    return this.shop.status(session.playerId, id);
  }
}
