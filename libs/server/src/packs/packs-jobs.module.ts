import { Module } from '@nestjs/common';
import { SwapHiveReports } from '../chain/swap-hive-reports';
import { PackJobs } from './packs.jobs';

/** The worker's side of the pack store: confirming SWAP.HIVE payments, no HTTP. */
@Module({ providers: [PackJobs, SwapHiveReports], exports: [PackJobs] })
export class PackJobsModule {}
