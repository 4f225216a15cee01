import { Module } from '@nestjs/common';
import { AllianceChatLinesModule } from '../alliance-chat/chat-lines.module';
import { CityCoreModule } from '../city/city-core.module';
import { ThroneAlarm } from './throne-alarm';
import { ThroneController } from './throne.controller';
import { ThroneEngine } from './throne-engine';
import { ThroneService } from './throne.service';

@Module({
  imports: [CityCoreModule, AllianceChatLinesModule],
  controllers: [ThroneController],
  providers: [ThroneService, ThroneEngine, ThroneAlarm],
})
export class ThroneModule {}
