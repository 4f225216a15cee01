import { Module } from '@nestjs/common';
import { PaymentPipelineModule } from '../payments/payment-pipeline.module';
import { PackJobs } from './packs.jobs';

/** The worker's side of the pack store: confirming SWAP.HIVE payments, no HTTP. */
@Module({ imports: [PaymentPipelineModule], providers: [PackJobs], exports: [PackJobs] })
export class PackJobsModule {}
