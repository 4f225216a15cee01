import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { BackupMetrics } from './backup-metrics';

/** The backups' gauges at /metrics (api only); the backups themselves are docker/backup/backup.sh. */
@Module({ imports: [MetricsModule], providers: [BackupMetrics] })
export class BackupsModule {}
