import { Module } from '@nestjs/common';
import { SeasonJobs } from '../leaderboard/season.jobs';
import { CitadelJobs } from './citadel.jobs';

/** The worker's scheduled citadel and season work, no HTTP. */
@Module({ providers: [CitadelJobs, SeasonJobs], exports: [CitadelJobs, SeasonJobs] })
export class CitadelJobsModule {}
