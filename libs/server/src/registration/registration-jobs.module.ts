import { Module } from '@nestjs/common';
import { PaymentPipelineModule } from '../payments/payment-pipeline.module';
import { PlayersModule } from '../players/players.module';
import { RegistrationFees } from './registration-fees';
import { RegistrationJobs } from './registration.jobs';

/** The worker's side of registration: checking reports and activating paid accounts, no HTTP. */
@Module({
  imports: [PaymentPipelineModule, PlayersModule],
  providers: [RegistrationJobs, RegistrationFees],
  exports: [RegistrationJobs],
})
export class RegistrationJobsModule {}
