import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import {
  AllianceChatJobsModule,
  ChainFollowerModule,
  CitadelJobsModule,
  ChainModule,
  CoreModule,
  NotifierModule,
  EmissionModule,
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
  ],
  providers: [
    Heartbeat,
    ChainFollow,
    LedgerQueueProcessor,
    SchedulesProcessor,
    WorkerStart,
    WorkerDrain,
    PendingWorkSweeper,
    PendingWorkSweep,
  ],
})
export class WorkerModule {}
