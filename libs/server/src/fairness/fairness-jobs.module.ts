import { Module } from '@nestjs/common';
import { GameAccountModule } from '../chain/chain.module';
import { FairnessJobs } from './fairness.jobs';

/** The worker's side of fairness: the daily post of the commitments' Merkle root, no HTTP. */
@Module({ imports: [GameAccountModule], providers: [FairnessJobs], exports: [FairnessJobs] })
export class FairnessJobsModule {}
