import { Module } from '@nestjs/common';
import { BattleReportsController } from './battle-reports.controller';
import { BattleReportsService } from './battle-reports.service';

/** Battle reports (api only): read from what attacks, citadel attacks and throne battles stored. */
@Module({ controllers: [BattleReportsController], providers: [BattleReportsService] })
export class BattleReportsModule {}
