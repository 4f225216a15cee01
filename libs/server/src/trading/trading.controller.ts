import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  buyGearSchema,
  emptyBodySchema,
  listGearSchema,
  marketplaceQuerySchema,
  tradingUsernameParamsSchema,
  unlistGearSchema,
} from '@runik/contract';
import type {
  BuyGearRequest,
  GearsResponse,
  ListGearRequest,
  ListGearResponse,
  MarketplaceQuery,
  MarketplaceResponse,
  MyListingsResponse,
  TradingActionResponse,
  UnlistGearRequest,
  UserTradeDataResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { GearsService } from '../gears/gears.service';
import { TradingService } from './trading.service';

/** The session guard has checked that `{username}`, `hiveUsername` and `buyerUsername` are the caller. */
@Controller('p2p')
export class TradingController {
  constructor(
    private readonly trading: TradingService,
    private readonly gears: GearsService,
  ) {}

  @Get('user-data/:username')
  userData(
    @Param(new ZodPipe(tradingUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<UserTradeDataResponse> {
    return this.trading.userData(session.playerId);
  }

  @Get('marketplace')
  marketplace(
    @Query(new ZodPipe(marketplaceQuerySchema)) query: MarketplaceQuery,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<MarketplaceResponse> {
    return this.trading.marketplace(session.playerId, query);
  }

  @Get('my-listings/:username')
  myListings(
    @Param(new ZodPipe(tradingUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<MyListingsResponse> {
    return this.trading.myListings(session.playerId);
  }

  /** Owned, not equipped, not listed: the gears that could be listed. */
  @Get('available-gears/:username')
  availableGears(
    @Param(new ZodPipe(tradingUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<GearsResponse> {
    return this.gears.available(session.playerId, {});
  }

  @Post('list')
  @HttpCode(200)
  list(
    @Body(new ZodPipe(listGearSchema)) { gearId, price }: ListGearRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ListGearResponse> {
    return this.trading.list(session.playerId, gearId, price);
  }

  @Post('unlist')
  @HttpCode(200)
  unlist(
    @Body(new ZodPipe(unlistGearSchema)) { listingId }: UnlistGearRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<TradingActionResponse> {
    return this.trading.unlist(session.playerId, listingId);
  }

  @Post('buy')
  @HttpCode(200)
  buy(
    @Body(new ZodPipe(buyGearSchema)) { listingId }: BuyGearRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<TradingActionResponse> {
    return this.trading.buy(session.playerId, listingId);
  }
}
