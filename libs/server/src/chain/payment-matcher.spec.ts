import { DepositFailures, packPaymentMemo, RegistrationInvalidReasons, shopPaymentMemo, SwapHivePaymentFailures } from '@runik/contract';
import { registrationMemo } from '@runik/rules';
import { UnmatchedReasons } from './chain-transfers';
import {
  ChainPayment,
  matchPayment,
  PaymentMismatch,
  PaymentPurpose,
  paymentPurpose,
  PaymentTerms,
  PaymentVerdict,
  reportedPayment,
} from './payment-matcher';

const GAME = 'runik.game';
const PAYER = 'alice';
const OTHER = 'carol';

/** A mismatch with its words, or the thousandths a match paid. */
type Cell = number | [PaymentMismatch, string];

/** What a kind's mismatches are made of. */
interface KindPayments {
  /** The payment the kind's terms take exactly. */
  exact: ChainPayment;
  /** Its memo naming another account than the payer (registration: another referrer). */
  memoOfAnother: string;
  /** The quantities one smallest unit under and over what is owed. */
  under: string;
  over: string;
}

const COLUMNS = {
  'failed transaction': () => ({ failed: true }),
  'wrong contract/action': () => ({ contract: 'market', action: 'buy' }),
  'wrong symbol': () => ({ symbol: 'BEE' }),
  'wrong recipient': () => ({ recipient: 'someone.else' }),
  'wrong sender': () => ({ sender: 'mallory' }),
  'memo names another': (kind: KindPayments) => ({ memo: kind.memoOfAnother }),
  'wrong memo': () => ({ memo: 'hello' }),
  'missing memo': () => ({ memo: '' }),
  underpaid: (kind: KindPayments) => ({ quantity: kind.under }),
  overpaid: (kind: KindPayments) => ({ quantity: kind.over }),
  'unreadable quantity': () => ({ quantity: '1.2.3' }),
  'exact match': () => ({}),
} satisfies Record<string, (kind: KindPayments) => Partial<ChainPayment>>;
type Column = keyof typeof COLUMNS;

interface Row extends KindPayments {
  terms: PaymentTerms;
  cells: Record<Column, Cell>;
}

const swapHive = (memo: string, quantity: string): ChainPayment => ({
  failed: false,
  contract: 'tokens',
  action: 'transfer',
  sender: PAYER,
  recipient: GAME,
  symbol: 'SWAP.HIVE',
  quantity,
  memo,
});

const S = SwapHivePaymentFailures;
const R = RegistrationInvalidReasons;
const D = DepositFailures;
const badQuantity: Cell = ['unreadable-quantity', UnmatchedReasons.badQuantity];
const wrongQuantity = (code: 'underpaid' | 'overpaid'): Cell => [code, S.wrongQuantity];

const registration: KindPayments = {
  exact: swapHive(registrationMemo('bob'), '40.000'),
  memoOfAnother: registrationMemo(OTHER),
  under: '39.99999999',
  over: '40.00000001',
};
const deposit: KindPayments = { exact: { ...swapHive('', '5.000'), symbol: 'RNK' }, memoOfAnother: OTHER, under: '4.999', over: '5.001' };
const pack: KindPayments = {
  exact: swapHive(packPaymentMemo(PAYER, 1), '1.000'),
  memoOfAnother: packPaymentMemo(OTHER, 1),
  under: '0.99999999',
  over: '1.00000001',
};
const shop: KindPayments = {
  exact: swapHive(shopPaymentMemo(PAYER, 'Pouch'), '3.000'),
  memoOfAnother: shopPaymentMemo(OTHER, 'Pouch'),
  under: '2.99999999',
  over: '3.00000001',
};

/** The cells every SWAP.HIVE purchase shares, reported or recorded. */
const purchaseCells = {
  'failed transaction': ['failed', S.failed],
  'wrong contract/action': ['not-transfer', S.notTransfer],
  'wrong symbol': ['wrong-symbol', S.notTransfer],
  'wrong recipient': ['wrong-recipient', S.wrongRecipient],
  'wrong memo': ['wrong-memo', S.wrongMemo],
  'missing memo': ['wrong-memo', S.wrongMemo],
  underpaid: wrongQuantity('underpaid'),
  overpaid: wrongQuantity('overpaid'),
  'unreadable quantity': badQuantity,
} satisfies Partial<Record<Column, Cell>>;
// A report names its purchase's memo exactly; the follower takes the kind's memo naming its sender.
const wrongSender: Cell = ['wrong-sender', S.wrongSender];
const wrongMemo: Cell = ['wrong-memo', S.wrongMemo];
const reportedPurchaseCells = { ...purchaseCells, 'wrong sender': wrongSender, 'memo names another': wrongMemo };
const memoNamesAnother: Cell = ['memo-names-another', UnmatchedReasons.memoNamesAnother];
const recordedPurchaseCells = { ...purchaseCells, 'wrong sender': memoNamesAnother, 'memo names another': memoNamesAnother };

const registrationReportedCells: Record<Column, Cell> = {
  'failed transaction': ['failed', R.failed],
  'wrong contract/action': ['not-transfer', R.wrongOperation],
  'wrong symbol': ['wrong-symbol', R.wrongOperation],
  'wrong recipient': ['wrong-recipient', R.wrongRecipient],
  'wrong sender': ['wrong-sender', R.wrongSender],
  // The memo names the referrer, not the payer: any referrer stands.
  'memo names another': 40_000,
  'wrong memo': ['wrong-memo', R.wrongMemo],
  'missing memo': ['wrong-memo', R.wrongMemo],
  // A report owes no fee of its own: the follower judges it against the quotes at its block.
  underpaid: 39_999,
  overpaid: 40_000,
  'unreadable quantity': badQuantity,
  'exact match': 40_000,
};

const depositReportedCells: Record<Column, Cell> = {
  'failed transaction': ['failed', D.failed],
  'wrong contract/action': ['not-transfer', D.notTransfer],
  'wrong symbol': ['wrong-symbol', D.wrongSymbol],
  'wrong recipient': ['wrong-recipient', D.wrongRecipient],
  'wrong sender': ['wrong-sender', D.wrongSender],
  // A deposit's memo is not read, and it credits what it carried.
  'memo names another': 5_000,
  'wrong memo': 5_000,
  'missing memo': 5_000,
  underpaid: 4_999,
  overpaid: 5_001,
  'unreadable quantity': badQuantity,
  'exact match': 5_000,
};

// Rows: each kind as a player's report names it (the reporter, and for purchases the exact memo and
// price) and as the chain follower settles a recorded transfer (the sender is the payer).
const ROWS: Record<string, Row> = {
  'registration reported': {
    ...registration,
    terms: { kind: 'registration', gameAccount: GAME, payer: PAYER },
    cells: registrationReportedCells,
  },
  'registration recorded': {
    ...registration,
    terms: { kind: 'registration', gameAccount: GAME, owedThousandths: 40_000 },
    // The follower owes the quote at the block; an older, higher quote still pays.
    cells: { ...registrationReportedCells, 'wrong sender': 40_000, underpaid: ['underpaid', R.underpaid], overpaid: 40_000 },
  },
  'deposit reported': { ...deposit, terms: { kind: 'deposit', gameAccount: GAME, payer: PAYER }, cells: depositReportedCells },
  'deposit recorded': {
    ...deposit,
    terms: { kind: 'deposit', gameAccount: GAME },
    cells: { ...depositReportedCells, 'wrong sender': 5_000 },
  },
  'pack reported': {
    ...pack,
    terms: { kind: 'pack', gameAccount: GAME, payer: PAYER, memo: packPaymentMemo(PAYER, 1), owedThousandths: 1_000 },
    cells: { ...reportedPurchaseCells, 'exact match': 1_000 },
  },
  'pack recorded': {
    ...pack,
    terms: { kind: 'pack', gameAccount: GAME, owedThousandths: 1_000 },
    cells: { ...recordedPurchaseCells, 'exact match': 1_000 },
  },
  'shop reported': {
    ...shop,
    terms: { kind: 'shop', gameAccount: GAME, payer: PAYER, memo: shopPaymentMemo(PAYER, 'Pouch'), owedThousandths: 3_000 },
    cells: { ...reportedPurchaseCells, 'exact match': 3_000 },
  },
  'shop recorded': {
    ...shop,
    terms: { kind: 'shop', gameAccount: GAME, owedThousandths: 3_000 },
    cells: { ...recordedPurchaseCells, 'exact match': 3_000 },
  },
};

const verdictOf = (cell: Cell): PaymentVerdict =>
  typeof cell === 'number' ? { paidThousandths: cell } : { mismatch: cell[0], reason: cell[1] };

describe('the payment matcher', () => {
  const table = Object.entries(ROWS).flatMap(([rowName, row]) =>
    (Object.keys(COLUMNS) as Column[]).map((column) => [rowName, column, row, verdictOf(row.cells[column])] as const),
  );
  it.each(table)('%s, %s', (_row, column, row, expected) => {
    const payment = { ...row.exact, ...COLUMNS[column](row) };
    expect(matchPayment(payment, row.terms)).toEqual(expected);
  });

  it('reads a reported transaction from its payload and logs', () => {
    const transaction = {
      blockNumber: 7,
      transactionId: 'a'.repeat(40),
      sender: PAYER,
      contract: 'tokens',
      action: 'transfer',
      payload: JSON.stringify({ symbol: 'SWAP.HIVE', to: GAME, quantity: '1.000', memo: packPaymentMemo(PAYER, 1) }),
      logs: JSON.stringify({ events: [] }),
    };
    expect(reportedPayment(transaction)).toEqual(pack.exact);
    expect(reportedPayment({ ...transaction, logs: JSON.stringify({ errors: ['overdrawn balance'] }) }).failed).toBe(true);
    // Fields that are not strings read as empty: they match nothing.
    expect(reportedPayment({ ...transaction, payload: JSON.stringify({ symbol: 1, memo: null }) })).toMatchObject({
      symbol: '',
      recipient: '',
      quantity: '',
      memo: '',
    });
  });

  const routes: [string, Pick<ChainPayment, 'symbol' | 'memo'>, PaymentPurpose | { unmatched: string }][] = [
    ['RNK, whatever its memo', { symbol: 'RNK', memo: registrationMemo('bob') }, { kind: 'deposit' }],
    ['another token', { symbol: 'BEE', memo: '' }, { unmatched: UnmatchedReasons.otherToken }],
    ['a registration memo', { symbol: 'SWAP.HIVE', memo: registrationMemo('bob') }, { kind: 'registration', referrer: 'bob' }],
    ['a pack memo', { symbol: 'SWAP.HIVE', memo: packPaymentMemo(PAYER, 10) }, { kind: 'pack', buyer: PAYER, packCount: 10 }],
    ['a shop memo', { symbol: 'SWAP.HIVE', memo: shopPaymentMemo(PAYER, 'Pouch') }, { kind: 'shop', buyer: PAYER, itemName: 'Pouch' }],
    ['an unknown memo', { symbol: 'SWAP.HIVE', memo: 'hello' }, { unmatched: UnmatchedReasons.unknownMemo }],
  ];
  it.each(routes)('routes a recorded transfer of %s', (_case, transfer, purpose) => {
    expect(paymentPurpose(transfer)).toEqual(purpose);
  });
});
