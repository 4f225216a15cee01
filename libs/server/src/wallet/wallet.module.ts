import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { DepositService } from './deposit.service';
import { WalletController } from './wallet.controller';
import { WithdrawService } from './withdraw.service';

@Module({ imports: [LedgerModule], controllers: [WalletController], providers: [DepositService, WithdrawService] })
export class WalletModule {}
