import { Module } from '@nestjs/common';
import { CoreModule, RegistrationJobsModule, WalletJobsModule } from '@runik/server';
import { LedgerQueueProcessor } from './ledger-queue.processor';

@Module({ imports: [CoreModule, RegistrationJobsModule, WalletJobsModule], providers: [LedgerQueueProcessor] })
export class WorkerModule {}
