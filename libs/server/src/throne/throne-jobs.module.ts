import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { ThroneAlarm } from './throne-alarm';
import { ThroneEngine } from './throne-engine';

/** The worker's side of Throne Wars: the engine its schedulers drive, no HTTP. */
@Module({ imports: [CityCoreModule], providers: [ThroneEngine, ThroneAlarm], exports: [ThroneEngine] })
export class ThroneJobsModule {}
