import { Module } from '@nestjs/common';
import { CoreModule, PackJobsModule, RegistrationJobsModule, ShopJobsModule, WalletJobsModule } from '@runik/server';
import { LedgerQueueProcessor } from './ledger-queue.processor';

@Module({ imports: [CoreModule, RegistrationJobsModule, WalletJobsModule, PackJobsModule, ShopJobsModule], providers: [LedgerQueueProcessor] })
export class WorkerModule {}
