import { BullBoardModule } from '@bull-board/nestjs';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { Module } from '@nestjs/common';
import {
  AllianceModule,
  AttackModule,
  AuthModule,
  BattleReportsModule,
  BlacksmithModule,
  CitadelModule,
  CityModule,
  CoreModule,
  GearsModule,
  HealthModule,
  LeaderboardModule,
  MetricsModule,
  PacksModule,
  Queues,
  RateLimitModule,
  ReferralsModule,
  RegistrationModule,
  ShopModule,
  ThroneModule,
  TradingModule,
  WalletModule,
  ChainTransfersModule,
  EconomyModule,
  PaymentsModule,
  NotificationsModule,
} from '@runik/server';

@Module({
  imports: [
    CoreModule,
    // Before AuthModule: its guard (rate limits) runs before the SessionGuard.
    RateLimitModule,
    MetricsModule,
    BullBoardModule.forRoot({ route: '/admin/queues', adapter: BullBoardFastifyAdapter }),
    BullBoardModule.forFeature({ name: Queues.ledger, adapter: BullMQAdapter }, { name: Queues.schedules, adapter: BullMQAdapter }),
    HealthModule,
    AuthModule,
    RegistrationModule,
    ReferralsModule,
    CityModule,
    WalletModule,
    ChainTransfersModule,
    EconomyModule,
    PaymentsModule,
    AllianceModule,
    AttackModule,
    BattleReportsModule,
    GearsModule,
    BlacksmithModule,
    PacksModule,
    TradingModule,
    ShopModule,
    CitadelModule,
    LeaderboardModule,
    ThroneModule,
    NotificationsModule,
  ],
})
export class AppModule {}
