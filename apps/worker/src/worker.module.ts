import { Module } from '@nestjs/common';
import { CoreModule, RegistrationJobsModule } from '@runik/server';
import { LedgerQueueProcessor } from './ledger-queue.processor';

@Module({ imports: [CoreModule, RegistrationJobsModule], providers: [LedgerQueueProcessor] })
export class WorkerModule {}
