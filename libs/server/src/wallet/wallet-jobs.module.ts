import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { DepositJobs } from './deposit.jobs';

/** The worker's side of the wallet: confirming deposits, no HTTP. */
@Module({ imports: [LedgerModule], providers: [DepositJobs], exports: [DepositJobs] })
export class WalletJobsModule {}
