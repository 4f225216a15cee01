import { Module } from '@nestjs/common';
import { FairRollsModule } from '../fairness/fair-rolls';
import { PaymentPipelineModule } from '../payments/payment-pipeline.module';
import { PackJobs } from './packs.jobs';

/** The worker's side of the pack store: confirming SWAP.HIVE payments, no HTTP. */
@Module({ imports: [PaymentPipelineModule, FairRollsModule], providers: [PackJobs], exports: [PackJobs] })
export class PackJobsModule {}
