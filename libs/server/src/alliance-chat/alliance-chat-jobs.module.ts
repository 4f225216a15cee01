import { Module } from '@nestjs/common';
import { AllianceChatJobs } from './alliance-chat.jobs';

/** The worker's scheduled alliance chat work (retention), no HTTP. */
@Module({ providers: [AllianceChatJobs], exports: [AllianceChatJobs] })
export class AllianceChatJobsModule {}
