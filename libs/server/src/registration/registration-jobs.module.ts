import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlayersModule } from '../players/players.module';
import { RegistrationFees } from './registration-fees';
import { Registration } from './registration.entity';
import { RegistrationJobs } from './registration.jobs';

/** The worker's side of registration: checking reports and activating paid accounts, no HTTP. */
@Module({
  imports: [TypeOrmModule.forFeature([Registration]), PlayersModule],
  providers: [RegistrationJobs, RegistrationFees],
  exports: [RegistrationJobs],
})
export class RegistrationJobsModule {}
