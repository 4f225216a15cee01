import { Module } from '@nestjs/common';
import { AllianceChatLinesModule } from '../alliance-chat/chat-lines.module';
import { CityCoreModule } from '../city/city-core.module';
import { ThroneAlarm } from './throne-alarm';
import { ThroneEngine } from './throne-engine';

/** The worker's side of Throne Wars: the engine its schedulers drive, no HTTP. */
@Module({ imports: [CityCoreModule, AllianceChatLinesModule], providers: [ThroneEngine, ThroneAlarm], exports: [ThroneEngine] })
export class ThroneJobsModule {}
