import { Module } from '@nestjs/common';
import { CitadelJobs } from './citadel.jobs';

/** The worker's scheduled citadel work, no HTTP. */
@Module({ providers: [CitadelJobs] })
export class CitadelJobsModule {}
