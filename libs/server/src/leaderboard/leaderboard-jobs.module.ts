import { Module } from '@nestjs/common';
import { SeasonJobs } from './season.jobs';

/** The worker's side of the leaderboard: the season rollover, no HTTP. */
@Module({ providers: [SeasonJobs] })
export class LeaderboardJobsModule {}
