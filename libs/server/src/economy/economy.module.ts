import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { WalletModule } from '../wallet/wallet.module';
import { EconomyController } from './economy.controller';
import { EconomyMetrics } from './economy-metrics';
import { EconomyService } from './economy.service';

/** The operators' view of the economy (api only): GET /api/admin/economy and its gauges at /metrics. */
@Module({ imports: [MetricsModule, WalletModule], controllers: [EconomyController], providers: [EconomyService, EconomyMetrics] })
export class EconomyModule {}
