import { Module } from '@nestjs/common';
import { DepositService } from './deposit.service';
import { WalletController } from './wallet.controller';

@Module({ controllers: [WalletController], providers: [DepositService] })
export class WalletModule {}
