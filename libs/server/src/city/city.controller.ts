import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  cityUsernameParamsSchema,
  convertSchema,
  convertToResourcesSchema,
  emptyBodySchema,
  healSchema,
  speedupParamsSchema,
  speedupSchema,
  trainSchema,
  upgradeParamsSchema,
} from '@runik/contract';
import type {
  CityConstantsResponse,
  CityResponse,
  ConvertCommand,
  ConvertPreviewResponse,
  ConvertResponse,
  ConvertToResourcesCommand,
  ConvertToResourcesPreviewResponse,
  ConvertToResourcesResponse,
  HarvestResponse,
  HealResponse,
  SpeedupRequest,
  SpeedupResponse,
  TrainRequest,
  TrainResponse,
  UpgradeResponse,
} from '@runik/contract';
import type { BuildingKey, MilitaryBuildingKey, UnitKey } from '@runik/rules';
import { CurrentSession } from '../auth/current-session.decorator';
import { Public } from '../auth/session.guard';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { CITY_CONSTANTS } from './city-constants';
import { CityService } from './city.service';
import { ConversionService } from './conversion.service';
import { MilitaryService } from './military.service';

/** The session guard has checked that `{username}` is the caller; the session names the city. */
@Controller('city')
export class CityController {
  constructor(
    private readonly city: CityService,
    private readonly conversion: ConversionService,
    private readonly military: MilitaryService,
  ) {}

  @Public()
  @Get('constants')
  constants(): CityConstantsResponse {
    return CITY_CONSTANTS;
  }

  @Get('resources/:username')
  resources(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<CityResponse> {
    return this.city.city(session.playerId);
  }

  @Post('upgrade/:username/:buildingKey')
  @HttpCode(200)
  upgrade(
    @Param(new ZodPipe(upgradeParamsSchema)) { buildingKey }: { buildingKey: 'ch' | BuildingKey },
    @Body(new ZodPipe(emptyBodySchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<UpgradeResponse> {
    return this.city.upgrade(session.playerId, buildingKey);
  }

  @Post('harvest/:username')
  @HttpCode(200)
  harvest(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(emptyBodySchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<HarvestResponse> {
    return this.city.harvest(session.playerId);
  }

  @Post('convert/:username')
  @HttpCode(200)
  convert(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(convertSchema)) body: ConvertCommand,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ConvertPreviewResponse | ConvertResponse> {
    return body.preview ? this.conversion.previewToRunik(session.playerId, body) : this.conversion.convertToRunik(session.playerId, body);
  }

  @Post('convert-to-resources/:username')
  @HttpCode(200)
  convertToResources(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(convertToResourcesSchema)) body: ConvertToResourcesCommand,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ConvertToResourcesPreviewResponse | ConvertToResourcesResponse> {
    return body.preview
      ? this.conversion.previewToResources(session.playerId, body)
      : this.conversion.convertToResources(session.playerId, body);
  }

  @Post('train/:username')
  @HttpCode(200)
  train(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(trainSchema)) body: TrainRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<TrainResponse> {
    return this.military.train(session.playerId, body);
  }

  @Post('speedup/:username/:buildingKey')
  @HttpCode(200)
  speedup(
    @Param(new ZodPipe(speedupParamsSchema)) { buildingKey }: { buildingKey: MilitaryBuildingKey },
    @Body(new ZodPipe(speedupSchema)) { minutes }: SpeedupRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<SpeedupResponse> {
    return this.military.speedup(session.playerId, buildingKey, minutes);
  }

  @Post('heal/:username')
  @HttpCode(200)
  heal(
    @Param(new ZodPipe(cityUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(healSchema)) body: Record<UnitKey, number>,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<HealResponse> {
    return this.military.heal(session.playerId, body);
  }
}
