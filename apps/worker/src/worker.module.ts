import { Module } from '@nestjs/common';
import { CoreModule, RegistrationModule } from '@runik/server';
import { LedgerQueueProcessor } from './ledger-queue.processor';

@Module({ imports: [CoreModule, RegistrationModule], providers: [LedgerQueueProcessor] })
export class WorkerModule {}
