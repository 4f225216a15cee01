import { Module } from '@nestjs/common';
import { GameAccountModule } from '../chain/chain.module';
import { LedgerModule } from '../ledger/ledger.module';
import { PaymentPipelineModule } from '../payments/payment-pipeline.module';
import { DepositJobs } from './deposit.jobs';
import { TreasuryService } from './treasury.service';
import { WithdrawJobs } from './withdraw.jobs';
import { WithdrawalGuardRails } from './withdrawal-guard-rails';

/** The worker's side of the wallet: confirming deposits, sending withdrawals and letting queued ones go, no HTTP. */
@Module({
  imports: [LedgerModule, GameAccountModule, PaymentPipelineModule],
  providers: [DepositJobs, WithdrawJobs, TreasuryService, WithdrawalGuardRails],
  exports: [DepositJobs, WithdrawJobs, WithdrawalGuardRails],
})
export class WalletJobsModule {}
