import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import {
  CitadelJobsModule,
  CoreModule,
  PackJobsModule,
  PendingWorkSweeper,
  RegistrationJobsModule,
  ShopJobsModule,
  ThroneJobsModule,
  WalletJobsModule,
} from '@runik/server';
import { LedgerQueueProcessor } from './ledger-queue.processor';
import { PendingWorkSweep } from './pending-work-sweep';
import { SchedulesProcessor } from './schedules.processor';
import { WorkerDrain } from './worker-drain';

@Module({
  imports: [ScheduleModule.forRoot(), CoreModule, RegistrationJobsModule, WalletJobsModule, PackJobsModule, ShopJobsModule, CitadelJobsModule, ThroneJobsModule],
  providers: [LedgerQueueProcessor, SchedulesProcessor, WorkerDrain, PendingWorkSweeper, PendingWorkSweep],
})
export class WorkerModule {}
