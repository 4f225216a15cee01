import { Module } from '@nestjs/common';
import { CitadelJobsModule, CoreModule, PackJobsModule, RegistrationJobsModule, ShopJobsModule, ThroneJobsModule, WalletJobsModule } from '@runik/server';
import { LedgerQueueProcessor } from './ledger-queue.processor';
import { SchedulesProcessor } from './schedules.processor';
import { WorkerDrain } from './worker-drain';

@Module({
  imports: [CoreModule, RegistrationJobsModule, WalletJobsModule, PackJobsModule, ShopJobsModule, CitadelJobsModule, ThroneJobsModule],
  providers: [LedgerQueueProcessor, SchedulesProcessor, WorkerDrain],
})
export class WorkerModule {}
