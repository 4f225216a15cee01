import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import {
  AllianceChatJobsModule,
  FairnessJobsModule,
  ChainFollowerModule,
  CitadelJobsModule,
  ChainModule,
  CoreModule,
  NotifierModule,
  EmissionModule,
  GameClockModule,
  JobHandlersModule,
  LeaderboardJobsModule,
  PackJobsModule,
  PendingWorkSweeper,
  RegistrationJobsModule,
  ShopJobsModule,
  ThroneJobsModule,
  WalletJobsModule,
} from '@runik/server';
import { ChainFollow } from './chain-follow';
import { GameClockCatchUp } from './game-clock-catch-up';
import { LedgerQueueProcessor } from './ledger-queue.processor';
import { Heartbeat } from './liveness/heartbeat';
import { PendingWorkSweep } from './pending-work-sweep';
import { SchedulesProcessor } from './schedules.processor';
import { WorkerDrain } from './worker-drain';
import { WorkerStart } from './worker-start';

@Module({
  imports: [
    ScheduleModule.forRoot(),
    CoreModule,
    ChainModule,
    NotifierModule,
    EmissionModule,
    GameClockModule,
    JobHandlersModule,
    ChainFollowerModule,
    RegistrationJobsModule,
    WalletJobsModule,
    PackJobsModule,
    ShopJobsModule,
    CitadelJobsModule,
    LeaderboardJobsModule,
    ThroneJobsModule,
    AllianceChatJobsModule,
    FairnessJobsModule,
  ],
  providers: [
    Heartbeat,
    ChainFollow,
    LedgerQueueProcessor,
    SchedulesProcessor,
    GameClockCatchUp,
    WorkerStart,
    WorkerDrain,
    PendingWorkSweeper,
    PendingWorkSweep,
  ],
})
export class WorkerModule {}
