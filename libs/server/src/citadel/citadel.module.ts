import { Module } from '@nestjs/common';
import { AllianceChatLinesModule } from '../alliance-chat/chat-lines.module';
import { CityCoreModule } from '../city/city-core.module';
import { EmissionModule } from '../emission/emission.module';
import { LedgerModule } from '../ledger/ledger.module';
import { CitadelController } from './citadel.controller';
import { CitadelService } from './citadel.service';

@Module({
  imports: [CityCoreModule, AllianceChatLinesModule, LedgerModule, EmissionModule],
  controllers: [CitadelController],
  providers: [CitadelService],
})
export class CitadelModule {}
