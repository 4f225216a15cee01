import { Module } from '@nestjs/common';
import { SwapHiveReports } from '../chain/swap-hive-reports';
import { CityCoreModule } from '../city/city-core.module';
import { LedgerModule } from '../ledger/ledger.module';
import { ShopJobs } from './shop.jobs';

/** The worker's side of the shop: confirming SWAP.HIVE payments and granting rewards, no HTTP. */
@Module({ imports: [CityCoreModule, LedgerModule], providers: [ShopJobs, SwapHiveReports], exports: [ShopJobs] })
export class ShopJobsModule {}
