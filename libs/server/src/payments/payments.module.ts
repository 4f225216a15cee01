import { Module } from '@nestjs/common';
import { PaymentHistoryService } from './payment-history.service';
import { PaymentsController } from './payments.controller';

/** The player's payment history (api only): read from what the chain follower recorded. */
@Module({ controllers: [PaymentsController], providers: [PaymentHistoryService] })
export class PaymentsModule {}
