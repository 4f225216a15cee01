import { SwapHivePaymentFailures } from '@runik/contract';
import { parseDecimal } from '@runik/rules';
import { EngineTransaction, parseEngineLogs, parseTransferPayload, SWAP_HIVE, SWAP_HIVE_DECIMALS } from './hive-engine.client';

export interface ExpectedSwapHivePayment {
  from: string;
  to: string;
  /** SWAP.HIVE in thousandths; the transfer must carry exactly this much. */
  thousandths: number;
  memo: string;
}

/** Why a Hive Engine transaction is not exactly the expected SWAP.HIVE payment, or null when it is. */
export function swapHivePaymentProblem(transaction: EngineTransaction, expected: ExpectedSwapHivePayment): string | null {
  if (parseEngineLogs(transaction.logs).errors?.length) return SwapHivePaymentFailures.failed;
  const payload = parseTransferPayload(transaction.payload);
  if (transaction.contract !== 'tokens' || transaction.action !== 'transfer' || payload.symbol !== SWAP_HIVE) return SwapHivePaymentFailures.notTransfer;
  if (transaction.sender !== expected.from) return SwapHivePaymentFailures.wrongSender;
  if (payload.to !== expected.to) return SwapHivePaymentFailures.wrongRecipient;
  if (payload.memo !== expected.memo) return SwapHivePaymentFailures.wrongMemo;
  const paid = typeof payload.quantity === 'string' ? swapHiveUnits(payload.quantity) : null;
  if (paid !== unitsOfThousandths(expected.thousandths)) return SwapHivePaymentFailures.wrongQuantity;
  return null;
}

/** A SWAP.HIVE quantity as the chain wrote it, in its smallest units (8 decimals), or null when unreadable. */
export function swapHiveUnits(quantity: string): number | null {
  return parseDecimal(quantity, SWAP_HIVE_DECIMALS);
}

/** A price in HIVE thousandths, in SWAP.HIVE's smallest units. */
export function unitsOfThousandths(thousandths: number): number {
  return thousandths * 10 ** (SWAP_HIVE_DECIMALS - 3);
}
