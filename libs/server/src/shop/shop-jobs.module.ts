import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { ShopJobs } from './shop.jobs';

/** The worker's side of the shop: confirming SWAP.HIVE payments and granting rewards, no HTTP. */
@Module({ imports: [CityCoreModule], providers: [ShopJobs], exports: [ShopJobs] })
export class ShopJobsModule {}
