import {
  DepositFailures,
  parsePackPaymentMemo,
  parseShopPaymentMemo,
  RegistrationInvalidReasons,
  SwapHivePaymentFailures,
} from '@runik/contract';
import { parseDecimal, registrationMemoReferrer, RNK_DECIMALS, RNK_SYMBOL, THOUSANDTHS } from '@runik/rules';
import { IncomingTransfer, UnmatchedReasons } from './chain-transfers';
import { EngineTransaction, parseEngineLogs, parseTransferPayload, SWAP_HIVE, SWAP_HIVE_DECIMALS } from './hive-engine.client';

/** What a transfer to the game account may pay for. */
export type PaymentKind = 'registration' | 'deposit' | 'pack' | 'shop';

/** A token transfer as the chain recorded it: a reported transaction, or a transfer the chain follower recorded. */
export interface ChainPayment {
  /** Hive Engine refused it (`logs.errors`): it moved nothing. */
  failed: boolean;
  contract: string;
  action: string;
  sender: string;
  recipient: string;
  symbol: string;
  /** A decimal string, as the chain wrote it. */
  quantity: string;
  memo: string;
}

/** What a payment of one kind must be. */
export interface PaymentTerms {
  kind: PaymentKind;
  gameAccount: string;
  /** The player who reported paying; absent when the chain follower settles a recorded transfer (its sender is the payer). */
  payer?: string;
  /** The exact memo of the reported purchase; absent: any memo of the kind, naming its sender where it names a buyer. */
  memo?: string;
  /**
   * What is owed, in thousandths of the kind's token; absent: any positive amount (a deposit credits what
   * it carried; a registration report leaves the fee to the follower, which knows the quotes at its block).
   */
  owedThousandths?: number;
}

export type PaymentMismatch =
  | 'failed'
  | 'not-transfer'
  | 'wrong-symbol'
  | 'wrong-sender'
  | 'wrong-recipient'
  | 'wrong-memo'
  | 'memo-names-another'
  | 'unreadable-quantity'
  | 'underpaid'
  | 'overpaid';

/** A match with the amount paid (thousandths of the kind's token, rounded down), or the one reason it is none, in the kind's words. */
export type PaymentVerdict = { paidThousandths: number } | { mismatch: PaymentMismatch; reason: string };

/** What a recorded transfer pays for, by its token and memo (the memo's buyer, referrer, count or item). */
export type PaymentPurpose =
  | { kind: 'deposit' }
  | { kind: 'registration'; referrer: string }
  | { kind: 'pack'; buyer: string; packCount: number }
  | { kind: 'shop'; buyer: string; itemName: string };

interface KindRules {
  symbol: string;
  decimals: number;
  /** Whether the kind reads the memo at all (a deposit is its sender's whatever the memo says). */
  memoRead: boolean;
  /** Whether more than owed still pays (the excess is kept). */
  overpaymentTaken: boolean;
  /** The mismatches this kind's screens word their own way (its contract's texts); the others read as `REASONS`. */
  reasons: Partial<Record<PaymentMismatch, string>>;
}

/** The words of a mismatch as the SWAP.HIVE purchases (packs, shop) and the refund memos give them. */
const REASONS: Record<PaymentMismatch, string> = {
  failed: SwapHivePaymentFailures.failed,
  'not-transfer': SwapHivePaymentFailures.notTransfer,
  'wrong-symbol': SwapHivePaymentFailures.notTransfer,
  'wrong-sender': SwapHivePaymentFailures.wrongSender,
  'wrong-recipient': SwapHivePaymentFailures.wrongRecipient,
  'wrong-memo': SwapHivePaymentFailures.wrongMemo,
  'memo-names-another': UnmatchedReasons.memoNamesAnother,
  'unreadable-quantity': UnmatchedReasons.badQuantity,
  underpaid: SwapHivePaymentFailures.wrongQuantity,
  overpaid: SwapHivePaymentFailures.wrongQuantity,
};

/** Packs and shop items: a fixed SWAP.HIVE price, worded as `REASONS`. */
const SWAP_HIVE_PURCHASE: KindRules = {
  symbol: SWAP_HIVE,
  decimals: SWAP_HIVE_DECIMALS,
  memoRead: true,
  overpaymentTaken: false,
  reasons: {},
};

const KIND_RULES: Record<PaymentKind, KindRules> = {
  deposit: {
    symbol: RNK_SYMBOL,
    decimals: RNK_DECIMALS,
    memoRead: false,
    overpaymentTaken: true,
    reasons: {
      failed: DepositFailures.failed,
      'not-transfer': DepositFailures.notTransfer,
      'wrong-symbol': DepositFailures.wrongSymbol,
      'wrong-sender': DepositFailures.wrongSender,
      'wrong-recipient': DepositFailures.wrongRecipient,
    },
  },
  registration: {
    symbol: SWAP_HIVE,
    decimals: SWAP_HIVE_DECIMALS,
    memoRead: true,
    overpaymentTaken: true,
    reasons: {
      failed: RegistrationInvalidReasons.failed,
      'not-transfer': RegistrationInvalidReasons.wrongOperation,
      'wrong-symbol': RegistrationInvalidReasons.wrongOperation,
      'wrong-sender': RegistrationInvalidReasons.wrongSender,
      'wrong-recipient': RegistrationInvalidReasons.wrongRecipient,
      'wrong-memo': RegistrationInvalidReasons.wrongMemo,
      underpaid: RegistrationInvalidReasons.underpaid,
    },
  },
  pack: SWAP_HIVE_PURCHASE,
  shop: SWAP_HIVE_PURCHASE,
};

/**
 * Whether a transfer pays for a payment of `terms.kind`: the one rule for every kind, reports and the
 * chain follower alike. Checked in this order, the first that fails is the answer:
 * - a transfer Hive Engine refused (`logs.errors`) pays for nothing;
 * - it must be a `tokens` `transfer` of the kind's token (RNK for a deposit, SWAP.HIVE otherwise);
 * - a report's transfer must come from the reporter, and every payment must go to the game account;
 * - memo: a deposit's is not read. A report's must be exactly the memo of what it reports (the
 *   registration memo with any referrer: the memo's referrer stands); a recorded transfer's must be
 *   the kind's memo, and a memo that names a buyer (packs, shop) must name the sender;
 * - quantity: readable in the token's decimals and positive. Less than owed never pays. More than owed
 *   pays only where the price moves under the player (a registration owes the lowest fee quoted at
 *   its block, and a player may pay an older, higher quote they were shown); a fixed price (packs,
 *   shop) must be paid exactly, so an overpayment is sent back whole instead of kept. A deposit owes
 *   nothing: it credits what it carried.
 */
export function matchPayment(payment: ChainPayment, terms: PaymentTerms): PaymentVerdict {
  const rules = KIND_RULES[terms.kind];
  const mismatch = (code: PaymentMismatch): PaymentVerdict => ({ mismatch: code, reason: rules.reasons[code] ?? REASONS[code] });
  if (payment.failed) return mismatch('failed');
  if (payment.contract !== 'tokens' || payment.action !== 'transfer') return mismatch('not-transfer');
  if (payment.symbol !== rules.symbol) return mismatch('wrong-symbol');
  if (terms.payer !== undefined && payment.sender !== terms.payer) return mismatch('wrong-sender');
  if (payment.recipient !== terms.gameAccount) return mismatch('wrong-recipient');
  const memoProblem = rules.memoRead ? memoMismatch(payment, terms) : null;
  if (memoProblem) return mismatch(memoProblem);

  const unitsPerThousandth = 10 ** (rules.decimals - THOUSANDTHS);
  const paid = parseDecimal(payment.quantity, rules.decimals);
  if (paid === null || paid <= 0) return mismatch('unreadable-quantity');
  if (terms.owedThousandths !== undefined) {
    const owed = terms.owedThousandths * unitsPerThousandth;
    if (paid < owed) return mismatch('underpaid');
    if (paid > owed && !rules.overpaymentTaken) return mismatch('overpaid');
  }
  return { paidThousandths: Math.floor(paid / unitsPerThousandth) };
}

function memoMismatch({ memo, sender }: ChainPayment, terms: PaymentTerms): PaymentMismatch | null {
  if (terms.memo !== undefined) return memo === terms.memo ? null : 'wrong-memo';
  const purpose = swapHivePurpose(memo);
  if (purpose?.kind !== terms.kind) return 'wrong-memo';
  return 'buyer' in purpose && purpose.buyer !== sender ? 'memo-names-another' : null;
}

/** What a SWAP.HIVE memo pays for, or null when it names nothing the game sells. */
function swapHivePurpose(memo: string): PaymentPurpose | null {
  const referrer = registrationMemoReferrer(memo);
  if (referrer !== null) return { kind: 'registration', referrer };
  const packs = parsePackPaymentMemo(memo);
  if (packs) return { kind: 'pack', buyer: packs.username, packCount: packs.packCount };
  const item = parseShopPaymentMemo(memo);
  if (item) return { kind: 'shop', buyer: item.username, itemName: item.itemName };
  return null;
}

/** The chain follower's routing: what a recorded transfer pays for (RNK is a deposit, SWAP.HIVE what its memo names), or why nothing. */
export function paymentPurpose({ symbol, memo }: Pick<ChainPayment, 'symbol' | 'memo'>): PaymentPurpose | { unmatched: string } {
  if (symbol === RNK_SYMBOL) return { kind: 'deposit' };
  if (symbol !== SWAP_HIVE) return { unmatched: UnmatchedReasons.otherToken };
  return swapHivePurpose(memo) ?? { unmatched: UnmatchedReasons.unknownMemo };
}

/** A reported transaction as the matcher reads it: what its payload asked for (a transfer that went through moved exactly that). */
export function reportedPayment(transaction: EngineTransaction): ChainPayment {
  const payload = parseTransferPayload(transaction.payload);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    failed: Boolean(parseEngineLogs(transaction.logs).errors?.length),
    contract: transaction.contract,
    action: transaction.action,
    sender: transaction.sender,
    recipient: text(payload.to),
    symbol: text(payload.symbol),
    quantity: text(payload.quantity),
    memo: text(payload.memo),
  };
}

/** A transfer the chain follower recorded: a tokens transfer that went through (one Hive Engine refused moved nothing and is never recorded). */
export function recordedPayment({ sender, recipient, symbol, quantity, memo }: IncomingTransfer): ChainPayment {
  return { failed: false, contract: 'tokens', action: 'transfer', sender, recipient, symbol, quantity, memo };
}
