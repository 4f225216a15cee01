import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { LedgerModule } from '../ledger/ledger.module';
import { PaymentPipelineModule } from '../payments/payment-pipeline.module';
import { ShopJobs } from './shop.jobs';

/** The worker's side of the shop: confirming SWAP.HIVE payments and granting rewards, no HTTP. */
@Module({ imports: [CityCoreModule, LedgerModule, PaymentPipelineModule], providers: [ShopJobs], exports: [ShopJobs] })
export class ShopJobsModule {}
