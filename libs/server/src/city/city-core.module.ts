import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LedgerModule } from '../ledger/ledger.module';
import { installArmyPowerSql } from './army-power-sql';
import { QuestProgressModule } from '../quests/quest-progress.module';
import { CityTransactions } from './city-transactions';
import { CityService } from './city.service';

/** City state and its transactions, without HTTP: what player creation (api and worker) needs. */
@Module({
  imports: [LedgerModule, QuestProgressModule],
  providers: [CityTransactions, CityService],
  // Quest progress with it: every city action a quest counts observes it.
  exports: [CityTransactions, CityService, QuestProgressModule],
})
export class CityCoreModule implements OnApplicationBootstrap {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The api and the worker alike (both create players, so both hold this module): the stored army power follows the rules this build runs. */
  onApplicationBootstrap(): Promise<void> {
    return installArmyPowerSql(this.dataSource);
  }
}
