import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlayersModule } from '../players/players.module';
import { Registration } from './registration.entity';
import { RegistrationJobs } from './registration.jobs';

/** The worker's side of registration: confirming payments, no HTTP. */
@Module({
  imports: [TypeOrmModule.forFeature([Registration]), PlayersModule],
  providers: [RegistrationJobs],
  exports: [RegistrationJobs],
})
export class RegistrationJobsModule {}
