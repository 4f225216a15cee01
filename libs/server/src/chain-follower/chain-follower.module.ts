import { Module } from '@nestjs/common';
import { GameAccountModule } from '../chain/chain.module';
import { PackJobsModule } from '../packs/packs-jobs.module';
import { RegistrationJobsModule } from '../registration/registration-jobs.module';
import { ShopJobsModule } from '../shop/shop-jobs.module';
import { WalletJobsModule } from '../wallet/wallet-jobs.module';
import { ChainFollower } from './chain-follower';
import { ChainTransfersController } from './chain-transfers.controller';
import { TransferSettlement } from './transfer-settlement';

/** The worker's side: following the chain and settling what it records. */
@Module({
  imports: [WalletJobsModule, RegistrationJobsModule, PackJobsModule, ShopJobsModule, GameAccountModule],
  providers: [ChainFollower, TransferSettlement],
  exports: [ChainFollower, TransferSettlement],
})
export class ChainFollowerModule {}

/** The api's side: the operators' list of recorded transfers. */
@Module({ controllers: [ChainTransfersController] })
export class ChainTransfersModule {}
