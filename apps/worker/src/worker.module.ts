import { Module } from '@nestjs/common';
import { CoreModule, PackJobsModule, RegistrationJobsModule, WalletJobsModule } from '@runik/server';
import { LedgerQueueProcessor } from './ledger-queue.processor';

@Module({ imports: [CoreModule, RegistrationJobsModule, WalletJobsModule, PackJobsModule], providers: [LedgerQueueProcessor] })
export class WorkerModule {}
