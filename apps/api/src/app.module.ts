import { BullBoardModule } from '@bull-board/nestjs';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import {
  APP_CONFIG,
  AppConfig,
  AllianceModule,
  AttackModule,
  AuthModule,
  BlacksmithModule,
  CitadelModule,
  CityModule,
  CoreModule,
  GearsModule,
  HealthModule,
  LeaderboardModule,
  PacksModule,
  Queues,
  ReferralsModule,
  RegistrationModule,
  ShopModule,
  ThroneModule,
  TradingModule,
  WalletModule,
} from '@runik/server';

@Module({
  imports: [
    CoreModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ ttl: 60_000, limit: config.AUTH_RATE_LIMIT_PER_MINUTE }],
        errorMessage: 'Too many requests. Please slow down.',
      }),
    }),
    BullBoardModule.forRoot({ route: '/admin/queues', adapter: BullBoardFastifyAdapter }),
    BullBoardModule.forFeature({ name: Queues.ledger, adapter: BullMQAdapter }, { name: Queues.schedules, adapter: BullMQAdapter }),
    HealthModule,
    AuthModule,
    RegistrationModule,
    ReferralsModule,
    CityModule,
    WalletModule,
    AllianceModule,
    AttackModule,
    GearsModule,
    BlacksmithModule,
    PacksModule,
    TradingModule,
    ShopModule,
    CitadelModule,
    LeaderboardModule,
    ThroneModule,
  ],
})
export class AppModule {}
