import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { DepositService } from './deposit.service';
import { WalletController } from './wallet.controller';
import { TreasuryService } from './treasury.service';
import { WithdrawService } from './withdraw.service';
import { WithdrawalGuardRails } from './withdrawal-guard-rails';

@Module({
  imports: [LedgerModule],
  controllers: [WalletController],
  providers: [DepositService, WithdrawService, TreasuryService, WithdrawalGuardRails],
  exports: [TreasuryService],
})
export class WalletModule {}
