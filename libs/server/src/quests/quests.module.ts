import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { EmissionModule } from '../emission/emission.module';
import { LedgerModule } from '../ledger/ledger.module';
import { QuestProgressModule } from './quest-progress.module';
import { QuestsController } from './quests.controller';
import { QuestsService } from './quests.service';

/** Daily quests and the quest chain (api only): progress from the game's records, rewards through the ledger and the emission budget. */
@Module({
  imports: [CityCoreModule, EmissionModule, LedgerModule, QuestProgressModule],
  controllers: [QuestsController],
  providers: [QuestsService],
})
export class QuestsModule {}
