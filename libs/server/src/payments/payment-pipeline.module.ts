import { Module } from '@nestjs/common';
import { PaymentPipeline } from './payment-pipeline';

/** The worker's side of payments: the one pipeline that checks reports and credits recorded transfers, for every kind. */
@Module({ providers: [PaymentPipeline], exports: [PaymentPipeline] })
export class PaymentPipelineModule {}
