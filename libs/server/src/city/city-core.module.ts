import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
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
export class CityCoreModule {}
