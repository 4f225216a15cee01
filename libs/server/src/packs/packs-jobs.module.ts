import { Module } from '@nestjs/common';
import { PackJobs } from './packs.jobs';

/** The worker's side of the pack store: confirming SWAP.HIVE payments, no HTTP. */
@Module({ providers: [PackJobs], exports: [PackJobs] })
export class PackJobsModule {}
