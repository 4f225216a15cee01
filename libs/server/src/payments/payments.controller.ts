import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PAYMENT_HISTORY_PAGE_SIZE, paymentHistoryParamsSchema, paymentHistoryQuerySchema } from '@runik/contract';
import type { PaymentHistoryResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { PaymentHistoryService } from './payment-history.service';

/** The player's payments to the game account; the session guard has checked that `{username}` is the session's player. */
@Controller('city')
export class PaymentsController {
  constructor(private readonly history: PaymentHistoryService) {}

  @Get('payments/:username')
  @ApiOperation({
    summary: "The player's payment history",
    description:
      `Every token transfer of the player to the game account that the chain follower recorded, reported or not, ` +
      `newest first, ${PAYMENT_HISTORY_PAGE_SIZE} a page (\`offset\` skips that many). Another player's history is 403.`,
  })
  @ApiOkResponse({
    description:
      '`{ payments, hasMore }`. Each payment: `transactionId`, `logIndex`, `time` (block time, ISO 8601), `symbol`, ' +
      '`quantity` (decimal string as the chain carried it), `paidFor` (`deposit`, `registration`, `packs`, `shop-item`, ' +
      '`unmatched`; null while pending), `shopItem`, `packCount`, `status` (`pending`, `credited`, `refunded`) and `refund` ' +
      '(`reason` code, `state` `sending` | `sent` | `failed`, `transactionId` of the refund once sent; null unless refunded).',
  })
  payments(
    @Param(new ZodPipe(paymentHistoryParamsSchema)) _params: unknown,
    @Query(new ZodPipe(paymentHistoryQuerySchema)) { offset }: { offset: number },
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PaymentHistoryResponse> {
    return this.history.historyOf(session.hiveUsername, offset);
  }
}
