import { Module } from '@nestjs/common';
import { GameAccountModule } from '../chain/chain.module';
import { LedgerModule } from '../ledger/ledger.module';
import { DepositJobs } from './deposit.jobs';
import { WithdrawJobs } from './withdraw.jobs';

/** The worker's side of the wallet: confirming deposits and sending withdrawals, no HTTP. */
@Module({ imports: [LedgerModule, GameAccountModule], providers: [DepositJobs, WithdrawJobs], exports: [DepositJobs, WithdrawJobs] })
export class WalletJobsModule {}
