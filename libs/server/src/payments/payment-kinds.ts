import { DepositFailures, packPaymentMemo, RegistrationInvalidReasons, shopPaymentMemo, SwapHivePaymentFailures } from '@runik/contract';
import { UnmatchedReasons } from '../chain/chain-transfers';
import type { PaymentKind } from '../chain/payment-matcher';

/** How one kind of payment is recorded and answered: the kind's own words, everything else is the pipeline's. */
export interface PaymentKindRecords {
  /** The table of the kind's records: the players' reports and the credits, one row per transaction and payer. */
  table: 'registrations' | 'deposits' | 'pack_purchases' | 'shop_purchases';
  /** What a credit's record is called in `chain_transfers.matched` and in its notification's source (`deposit:12`). */
  reference: string;
  /** The status of a credited record. */
  credited: 'confirmed' | 'completed';
  /** The status of a report that pays for nothing. */
  refused: 'invalid' | 'failed';
  /** A report's refusal when Hive Engine and the Hive node both never heard of its transaction. */
  notFound: string;
  /** Why a transfer from an account with no player pays for nothing (a registration makes the player). */
  stranger: string;
  /**
   * Whether a recorded transfer that pays for nothing refuses the kind's reports of it at once, with its reason. A
   * deposit's report is answered by its own job instead, in its own words (the reporter is not always the sender).
   */
  answersReports: boolean;
  /**
   * Whether a second payment with the memo of one still being confirmed goes back rather than buying again (a
   * purchase paid twice while Hive Engine lagged). A registration pays once anyway, a deposit is never a repeat.
   */
  refusesRepeatWhilePending: boolean;
  /**
   * What a report must be beyond the reporter's transfer of the kind: the exact memo and price of what it buys (packs,
   * shop), read from its record. Absent: the follower judges the amount (a deposit's, a registration's fee).
   */
  reportTerms?: (payer: string, record: ReportRecord) => { memo: string; owedThousandths: number };
}

/** A report's row as JSON (`to_jsonb`), for what `reportTerms` reads of it. */
export type ReportRecord = Record<string, unknown>;

/**
 * A SWAP.HIVE purchase (packs, a shop item), of its table and reference: its report owes exactly its recorded price,
 * with the memo `memoOf` gives its row, and a second payment while one is pending goes back.
 */
function purchase(
  table: PaymentKindRecords['table'],
  reference: string,
  memoOf: (payer: string, record: ReportRecord) => string,
): PaymentKindRecords {
  return {
    table,
    reference,
    credited: 'confirmed',
    refused: 'invalid',
    notFound: SwapHivePaymentFailures.notFound,
    stranger: UnmatchedReasons.paymentFromStranger,
    answersReports: true,
    refusesRepeatWhilePending: true,
    reportTerms: (payer, record) => ({ memo: memoOf(payer, record), owedThousandths: Number(record.price_thousandths) }),
  };
}

export const PAYMENT_KINDS: Record<PaymentKind, PaymentKindRecords> = {
  registration: {
    table: 'registrations',
    reference: 'registration',
    credited: 'confirmed',
    refused: 'invalid',
    notFound: RegistrationInvalidReasons.notFound,
    stranger: UnmatchedReasons.paymentFromStranger,
    answersReports: true,
    refusesRepeatWhilePending: false,
  },
  deposit: {
    table: 'deposits',
    reference: 'deposit',
    credited: 'completed',
    refused: 'failed',
    notFound: DepositFailures.notFound,
    stranger: UnmatchedReasons.rnkFromStranger,
    answersReports: false,
    refusesRepeatWhilePending: false,
  },
  pack: purchase('pack_purchases', 'pack-purchase', (payer, record) => packPaymentMemo(payer, Number(record.pack_count))),
  shop: purchase('shop_purchases', 'shop-purchase', (payer, record) => shopPaymentMemo(payer, String(record.item_name))),
};

/** The kind whose credit `chain_transfers.matched` names (`pack-purchase:3` is a pack payment), or null. */
export function kindOfMatch(matched: string | null): PaymentKind | null {
  const reference = matched?.split(':')[0];
  const found = Object.entries(PAYMENT_KINDS).find(([, records]) => records.reference === reference);
  return found ? (found[0] as PaymentKind) : null;
}
