import { Client } from 'pg';
import { parseDecimal } from '@runik/rules';
import { check, Check, count, n, runik } from '../../apps/e2e/src/support/ledger-invariants';
import { GAME_ACCOUNT } from '../../apps/e2e/src/support/stack';
import type { CallLog } from './calls';
import { ChainTransfer, TREASURY_ACCOUNT, TREASURY_MEMO } from './chain';

export type { Check } from '../../apps/e2e/src/support/ledger-invariants';
export { conservation } from '../../apps/e2e/src/support/ledger-invariants';

/** No balance below 0 except on the accounts the ledger lets go negative (the mint and the chain side), now or at any time in the entries. */
export async function noNegativeBalance(db: Client): Promise<Check> {
  const { rows: negative } = await db.query<{ code: string; asset: string; amount: string }>(`
    SELECT a.code, b.asset, b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE b.amount < 0 AND NOT a.allow_negative`);
  const { rows: history } = await db.query<{ code: string; asset: string; balance_after: string; reason: string }>(`
    SELECT a.code, e.asset, e.balance_after, e.reason FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE e.balance_after < 0 AND NOT a.allow_negative LIMIT 20`);
  const { rows: flags } = await db.query<{ code: string; asset: string }>(`
    SELECT a.code, b.asset FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE b.allow_negative <> a.allow_negative`);
  const { rows: allowed } = await db.query<{ code: string }>(`SELECT code FROM ledger_accounts WHERE allow_negative ORDER BY code`);
  const { rows: total } = await db.query<{ rows: string }>(`SELECT count(*) AS rows FROM balances`);
  const problems = [
    ...negative.map((row) => `${row.code} holds ${runik(n(row.amount))} ${row.asset}`),
    ...history.map((row) => `${row.code} went to ${runik(n(row.balance_after))} ${row.asset} (${row.reason})`),
    ...flags.map((row) => `${row.code}'s ${row.asset} balance row may go negative, its account may not`),
  ];
  return check(
    'no negative balance',
    problems,
    `${count(n(total[0].rows))} balances and every running balance in the entries; negative by design: ${allowed.map((row) => row.code).join(', ')}`,
  );
}

/**
 * Every chain transaction credited at most once: deposits (one completed row and one ledger posting
 * per RNK transfer, the posting crediting that deposit's player its amount), paid registrations,
 * SWAP.HIVE pack and shop purchases (one confirmed row per transfer, shop rewards posted once), no
 * transfer credited by two of them; and each credit matches an executed transfer on hive-sim.
 */
export async function chainTxCreditedOnce(db: Client, transfers: ChainTransfer[]): Promise<Check> {
  const problems: string[] = [];
  const byId = new Map(transfers.map((transfer) => [transfer.transactionId, transfer]));

  const { rows: deposits } = await db.query<{
    id: string;
    transaction_id: string;
    player_id: string;
    hive_username: string;
    amount_thousandths: string;
    status: string;
  }>(`
    SELECT d.id, d.transaction_id, d.player_id, p.hive_username, d.amount_thousandths, d.status FROM deposits d JOIN players p ON p.id = d.player_id`);
  const { rows: depositPostings } = await db.query<{ reference: string; posting_id: string; player_id: string | null; delta: string }>(`
    SELECT e.reference, e.posting_id, a.player_id, e.delta FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.reason = 'deposit'`);
  const completed = deposits.filter((deposit) => deposit.status === 'completed');
  const completedByTx = new Map<string, typeof completed>();
  for (const deposit of completed)
    completedByTx.set(deposit.transaction_id, [...(completedByTx.get(deposit.transaction_id) ?? []), deposit]);
  for (const [txId, rows] of completedByTx) if (rows.length > 1) problems.push(`deposit tx ${txId} completed ${rows.length} times`);
  const postingsByTx = new Map<string, Set<string>>();
  for (const entry of depositPostings)
    postingsByTx.set(entry.reference, (postingsByTx.get(entry.reference) ?? new Set()).add(entry.posting_id));
  for (const [txId, postings] of postingsByTx) {
    if (postings.size > 1) problems.push(`deposit tx ${txId} posted ${postings.size} times`);
    if (!completedByTx.has(txId)) problems.push(`deposit tx ${txId} posted without a completed deposit`);
  }
  for (const deposit of completed) {
    const credit = depositPostings.filter(
      (entry) => entry.reference === deposit.transaction_id && n(entry.player_id) === n(deposit.player_id),
    );
    if (credit.length !== 1 || n(credit[0].delta) !== n(deposit.amount_thousandths)) {
      problems.push(
        `deposit ${deposit.id} (tx ${deposit.transaction_id}) completed but its player was credited ${credit.map((entry) => entry.delta).join(' + ') || 'nothing'}`,
      );
    }
    const transfer = byId.get(deposit.transaction_id);
    const quantity = transfer ? parseDecimal(transfer.quantity, 3) : null;
    if (
      !transfer?.executed ||
      transfer.from !== deposit.hive_username ||
      transfer.to !== GAME_ACCOUNT ||
      transfer.symbol !== 'RNK' ||
      quantity !== n(deposit.amount_thousandths)
    ) {
      problems.push(
        `deposit ${deposit.id} credited ${runik(n(deposit.amount_thousandths))} for tx ${deposit.transaction_id}, which is ${transfer ? `${transfer.executed ? '' : 'a failed '}${transfer.quantity} ${transfer.symbol} from ${transfer.from} to ${transfer.to}` : 'not on the chain'}`,
      );
    }
  }

  // SWAP.HIVE payments: each confirmed purchase or registration matches one executed transfer from its player.
  const { rows: payments } = await db.query<{
    kind: string;
    id: string;
    transaction_id: string;
    hive_username: string;
    price: string | null;
  }>(`
    SELECT 'registration' AS kind, r.id, r.transaction_id, r.hive_username, NULL AS price FROM registrations r WHERE r.status = 'confirmed'
    UNION ALL
    SELECT 'pack purchase', pp.id, pp.transaction_id, p.hive_username, pp.price_thousandths FROM pack_purchases pp JOIN players p ON p.id = pp.player_id
     WHERE pp.status = 'confirmed' AND pp.currency = 'hive'
    UNION ALL
    SELECT 'shop purchase', sp.id, sp.transaction_id, p.hive_username, sp.price_thousandths FROM shop_purchases sp JOIN players p ON p.id = sp.player_id
     WHERE sp.status = 'confirmed'`);
  for (const payment of payments) {
    const transfer = byId.get(payment.transaction_id);
    const matches =
      transfer?.executed &&
      transfer.from === payment.hive_username &&
      transfer.to === GAME_ACCOUNT &&
      transfer.symbol === 'SWAP.HIVE' &&
      (payment.price === null || parseDecimal(transfer.quantity, 8) === n(payment.price) * 100_000);
    if (!matches)
      problems.push(
        `${payment.kind} ${payment.id} confirmed for tx ${payment.transaction_id}, which is ${transfer ? `${transfer.quantity} ${transfer.symbol} from ${transfer.from}` : 'not on the chain'}`,
      );
  }
  const { rows: twice } = await db.query<{ tx: string; credits: string }>(`
    SELECT tx, count(*) AS credits FROM (
      SELECT transaction_id AS tx FROM registrations WHERE status = 'confirmed'
      UNION ALL SELECT transaction_id FROM deposits WHERE status = 'completed'
      UNION ALL SELECT transaction_id FROM pack_purchases WHERE status = 'confirmed' AND transaction_id IS NOT NULL
      UNION ALL SELECT transaction_id FROM shop_purchases WHERE status = 'confirmed') credited
    GROUP BY tx HAVING count(*) > 1`);
  for (const row of twice)
    problems.push(`chain tx ${row.tx} credited ${row.credits} times (registrations, deposits, packs, shop together)`);
  const { rows: shopPostings } = await db.query<{ reason: string; postings: string; confirmed: boolean }>(`
    SELECT e.reference AS reason, count(DISTINCT e.posting_id) AS postings,
           bool_or(EXISTS (SELECT 1 FROM shop_purchases s WHERE 'shop-purchase:' || s.id = e.reference AND s.status = 'confirmed')) AS confirmed
      FROM ledger_entries e WHERE e.reason = 'shop-purchase' GROUP BY e.reference`);
  for (const row of shopPostings) {
    if (n(row.postings) > 1) problems.push(`${row.reason}: rewards posted ${row.postings} times`);
    if (!row.confirmed) problems.push(`${row.reason}: rewards posted for a purchase that is not confirmed`);
  }
  const kinds = (kind: string) => payments.filter((payment) => payment.kind === kind).length;
  return check(
    'every chain tx credited at most once',
    problems,
    `${count(completed.length)} deposits completed, ${count(deposits.length - completed.length)} not; ${kinds('registration')} paid registrations, ` +
      `${kinds('pack purchase')} SWAP.HIVE pack and ${kinds('shop purchase')} shop purchases; each matches one executed transfer on hive-sim`,
  );
}

/**
 * The chain is the record: every token transfer that reached the game account (but the soak's own
 * treasury moves) was recorded by the chain follower once and ended credited, or refunded by exactly
 * one executed transfer back to its sender of the same token and quantity; no other refund left.
 */
export async function everyPaymentSettledOnce(db: Client, transfers: ChainTransfer[]): Promise<Check> {
  const problems: string[] = [];
  const incoming = transfers.filter((transfer) => transfer.executed && transfer.to === GAME_ACCOUNT && transfer.from !== TREASURY_ACCOUNT);
  const { rows } = await db.query<{ transaction_id: string; status: string; reason: string | null; refund_transaction_id: string | null }>(
    `SELECT transaction_id, status, reason, refund_transaction_id FROM chain_transfers WHERE recipient = $1`,
    [GAME_ACCOUNT],
  );
  const recorded = new Map<string, typeof rows>();
  for (const row of rows) recorded.set(row.transaction_id, [...(recorded.get(row.transaction_id) ?? []), row]);
  const refunds = new Map(
    transfers
      .filter((transfer) => transfer.from === GAME_ACCOUNT && transfer.memo.startsWith('Runik refund: '))
      .map((transfer) => [transfer.transactionId, transfer]),
  );
  const statuses: Record<string, number> = {};
  for (const transfer of incoming) {
    const [row, ...more] = recorded.get(transfer.transactionId) ?? [];
    const what = `${transfer.quantity} ${transfer.symbol} from ${transfer.from} (tx ${transfer.transactionId}, memo ${JSON.stringify(transfer.memo)})`;
    if (!row) {
      problems.push(`${what} was never recorded`);
      continue;
    }
    if (more.length > 0) problems.push(`${what} was recorded ${more.length + 1} times`);
    statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    if (row.status !== 'credited' && row.status !== 'refunded')
      problems.push(`${what} is ${row.status}${row.reason ? ` (${row.reason})` : ''}, neither credited nor refunded`);
    if (row.status !== 'refunded') continue;
    const refund = refunds.get(row.refund_transaction_id ?? '');
    if (!refund?.executed || refund.to !== transfer.from || refund.symbol !== transfer.symbol || refund.quantity !== transfer.quantity) {
      problems.push(
        `${what} is refunded, but its refund ${row.refund_transaction_id} is ${refund ? `${refund.executed ? '' : 'a failed '}${refund.quantity} ${refund.symbol} to ${refund.to}` : 'not on the chain'}`,
      );
    }
    refunds.delete(row.refund_transaction_id ?? '');
  }
  for (const refund of refunds.values())
    if (refund.executed)
      problems.push(`refund ${refund.transactionId} of ${refund.quantity} ${refund.symbol} to ${refund.to} paid back no recorded transfer`);
  const byStatus =
    Object.entries(statuses)
      .map(([status, number]) => `${number} ${status}`)
      .join(', ') || 'none';
  return check(
    'every payment to the game credited or refunded exactly once',
    problems,
    `${incoming.length} transfers to ${GAME_ACCOUNT}: ${byStatus}`,
  );
}

/**
 * Every withdrawal sent at most once, checked against what hive-sim actually executed from the game
 * account: a completed withdrawal was sent exactly once (to its player, its amount), a refunded one
 * never, and no RNK left the game account for anything but a withdrawal. Its ledger debit is posted
 * once, its refund at most once and only when refunded.
 */
export async function withdrawalsSentOnce(db: Client, transfers: ChainTransfer[]): Promise<Check> {
  const problems: string[] = [];
  const { rows: withdrawals } = await db.query<{
    id: string;
    hive_username: string;
    amount_thousandths: string;
    status: string;
    debits: string;
    refunds: string;
  }>(`
    SELECT w.id, p.hive_username, w.amount_thousandths, w.status,
           (SELECT count(DISTINCT posting_id) FROM ledger_entries e WHERE e.reason = 'withdrawal' AND e.reference = 'withdrawal:' || w.id) AS debits,
           (SELECT count(DISTINCT posting_id) FROM ledger_entries e WHERE e.reason = 'withdrawal-refund' AND e.reference = 'withdrawal:' || w.id) AS refunds
      FROM withdrawals w JOIN players p ON p.id = w.player_id`);
  // The soak's own treasury outage moves the game account's RNK away and back: not a payout.
  const treasuryMove = (transfer: ChainTransfer) => transfer.to === TREASURY_ACCOUNT && transfer.memo === TREASURY_MEMO;
  const payouts = transfers.filter(
    (transfer) => transfer.executed && transfer.from === GAME_ACCOUNT && transfer.symbol === 'RNK' && !treasuryMove(transfer),
  );
  const failed = transfers.filter(
    (transfer) => !transfer.executed && transfer.from === GAME_ACCOUNT && transfer.symbol === 'RNK' && !treasuryMove(transfer),
  ).length;
  // Refunds of what paid for nothing, sent once per unmatched transfer the chain follower recorded.
  const { rows: refundable } = await db.query<{ refund_transaction_id: string; sender: string; quantity: string; symbol: string }>(
    `SELECT refund_transaction_id, sender, quantity, symbol FROM chain_transfers WHERE refund_transaction_id IS NOT NULL`,
  );
  const refundOf = new Map(refundable.map((row) => [row.refund_transaction_id, row]));
  const sent = new Map<string, ChainTransfer[]>();
  for (const payout of payouts) {
    const refunded = refundOf.get(payout.transactionId);
    if (refunded) {
      if (payout.to !== refunded.sender || payout.quantity !== refunded.quantity)
        problems.push(
          `refund ${payout.transactionId} sent ${payout.quantity} to ${payout.to}, not ${refunded.quantity} to ${refunded.sender}`,
        );
      continue;
    }
    const id = /^runik-withdrawal:(\d+)$/.exec(payout.memo)?.[1];
    if (!id) {
      problems.push(
        `${payout.quantity} RNK left ${GAME_ACCOUNT} to ${payout.to} (tx ${payout.transactionId}, memo ${JSON.stringify(payout.memo)}) for no withdrawal`,
      );
      continue;
    }
    sent.set(id, [...(sent.get(id) ?? []), payout]);
  }
  const known = new Set(withdrawals.map((withdrawal) => String(withdrawal.id)));
  for (const [id, list] of sent)
    if (!known.has(id)) problems.push(`withdrawal ${id} does not exist but ${list.length} transfer(s) paid it`);
  const statuses: Record<string, number> = {};
  for (const withdrawal of withdrawals) {
    statuses[withdrawal.status] = (statuses[withdrawal.status] ?? 0) + 1;
    const paid = sent.get(String(withdrawal.id)) ?? [];
    if (paid.length > 1)
      problems.push(`withdrawal ${withdrawal.id} sent ${paid.length} times: ${paid.map((transfer) => transfer.transactionId).join(', ')}`);
    if (withdrawal.status === 'completed' && paid.length === 0)
      problems.push(`withdrawal ${withdrawal.id} is completed but was never sent`);
    if (withdrawal.status === 'refunded' && paid.length > 0)
      problems.push(`withdrawal ${withdrawal.id} was refunded and also sent (tx ${paid[0].transactionId})`);
    for (const transfer of paid) {
      if (transfer.to !== withdrawal.hive_username || parseDecimal(transfer.quantity, 3) !== n(withdrawal.amount_thousandths)) {
        problems.push(
          `withdrawal ${withdrawal.id} of ${runik(n(withdrawal.amount_thousandths))} to ${withdrawal.hive_username} was sent as ${transfer.quantity} to ${transfer.to}`,
        );
      }
    }
    if (n(withdrawal.debits) !== 1) problems.push(`withdrawal ${withdrawal.id} debited ${withdrawal.debits} times`);
    if (n(withdrawal.refunds) > (withdrawal.status === 'refunded' ? 1 : 0))
      problems.push(`withdrawal ${withdrawal.id} (${withdrawal.status}) refunded ${withdrawal.refunds} times`);
    if (withdrawal.status === 'refunded' && n(withdrawal.refunds) !== 1)
      problems.push(`withdrawal ${withdrawal.id} is refunded but its RUNIK was not given back`);
  }
  const byStatus =
    Object.entries(statuses)
      .map(([status, number]) => `${number} ${status}`)
      .join(', ') || 'none';
  return check(
    'every withdrawal sent at most once',
    problems,
    `${count(withdrawals.length)} withdrawals (${byStatus}); ${payouts.length} RNK transfers executed from ${GAME_ACCOUNT}, ${failed} refused by the chain`,
  );
}

/**
 * No gear with two owners: a gear changes hands only by a sale, so each sale's seller owned it
 * (the previous buyer, or whoever opened it from a pack), the last buyer owns it now, an active
 * listing's gear exists, is its seller's and is marked listed (and only then), and a pack purchase
 * made at most its count of gears, once opened.
 */
export async function noGearWithTwoOwners(db: Client): Promise<Check> {
  const { rows: listingProblems } = await db.query<{ problem: string }>(`
    SELECT format('active listing %s of gear %s: %s', l.id, l.gear_id,
             CASE WHEN g.id IS NULL THEN 'the gear no longer exists'
                  WHEN g.owner_id <> l.seller_id THEN format('seller %s, owner %s', l.seller_id, g.owner_id)
                  WHEN g.equipped THEN 'the gear is equipped'
                  ELSE 'the gear is not marked listed' END) AS problem
      FROM listings l LEFT JOIN gears g ON g.id = l.gear_id
     WHERE l.status = 'active' AND (g.id IS NULL OR g.owner_id <> l.seller_id OR NOT g.listed OR g.equipped)
    UNION ALL
    SELECT format('gear %s is marked listed with %s active listings', g.id, (SELECT count(*) FROM listings l WHERE l.gear_id = g.id AND l.status = 'active'))
      FROM gears g WHERE g.listed AND (SELECT count(*) FROM listings l WHERE l.gear_id = g.id AND l.status = 'active') <> 1
    UNION ALL
    SELECT format('listing %s of gear %s is sold without a buyer, or to its seller', l.id, l.gear_id)
      FROM listings l WHERE l.status = 'sold' AND (l.buyer_id IS NULL OR l.buyer_id = l.seller_id)`);
  const { rows: saleProblems } = await db.query<{ problem: string }>(`
    WITH sales AS (
      SELECT l.*, lag(l.buyer_id) OVER (PARTITION BY l.gear_id ORDER BY l.id) AS previous_buyer,
             row_number() OVER (PARTITION BY l.gear_id ORDER BY l.id DESC) AS from_last
        FROM listings l WHERE l.status = 'sold')
    SELECT format('gear %s sold by %s in listing %s, but the previous sale went to %s', s.gear_id, s.seller_id, s.id, s.previous_buyer) AS problem
      FROM sales s WHERE s.previous_buyer IS NOT NULL AND s.seller_id <> s.previous_buyer
    UNION ALL
    SELECT format('gear %s was last sold to %s (listing %s) but is owned by %s', s.gear_id, s.buyer_id, s.id, g.owner_id)
      FROM sales s JOIN gears g ON g.id = s.gear_id WHERE s.from_last = 1 AND g.owner_id <> s.buyer_id
    UNION ALL
    SELECT format('gear %s from pack purchase %s of player %s was first sold by %s', s.gear_id, pp.id, pp.player_id, s.seller_id)
      FROM sales s JOIN gears g ON g.id = s.gear_id JOIN pack_purchases pp ON pp.id = g.pack_purchase_id
     WHERE s.previous_buyer IS NULL AND s.seller_id <> pp.player_id
    UNION ALL
    SELECT format('gear %s from pack purchase %s of player %s is owned by %s without a sale', g.id, pp.id, pp.player_id, g.owner_id)
      FROM gears g JOIN pack_purchases pp ON pp.id = g.pack_purchase_id
     WHERE g.owner_id <> pp.player_id AND NOT EXISTS (SELECT 1 FROM listings l WHERE l.gear_id = g.id AND l.status = 'sold')`);
  const { rows: packProblems } = await db.query<{ problem: string }>(`
    SELECT format('pack purchase %s (%s packs, %s, %s) has %s gears', pp.id, pp.pack_count, pp.status,
                  CASE WHEN pp.opened_at IS NULL THEN 'not opened' ELSE 'opened' END, count(g.id)) AS problem
      FROM pack_purchases pp JOIN gears g ON g.pack_purchase_id = pp.id
     GROUP BY pp.id HAVING count(g.id) > pp.pack_count OR bool_or(pp.opened_at IS NULL) OR bool_or(pp.status <> 'confirmed')`);
  const { rows: totals } = await db.query<{ gears: string; sold: string; active: string; opened: string }>(`
    SELECT (SELECT count(*) FROM gears) AS gears, (SELECT count(*) FROM listings WHERE status = 'sold') AS sold,
           (SELECT count(*) FROM listings WHERE status = 'active') AS active, (SELECT count(*) FROM pack_purchases WHERE opened_at IS NOT NULL) AS opened`);
  const problems = [...listingProblems, ...saleProblems, ...packProblems].map((row) => row.problem);
  const t = totals[0];
  return check(
    'no gear with two owners',
    problems,
    `${count(n(t.gears))} gears from ${count(n(t.opened))} opened packs and the shop; ${count(n(t.sold))} sales, ${count(n(t.active))} active listings`,
  );
}

export function noServerErrors(log: CallLog): Check {
  const problems = log.serverErrors.map((call) => `${call.action}: ${call.request} → ${call.status ?? 'no answer'} ${call.body}`);
  return check(
    'no 5xx responses',
    problems,
    `${count(log.total())} calls: ${count(log.total('5xx'))} answered 5xx, ${count(log.total('no answer'))} not answered`,
  );
}

export function invalidRefused(log: CallLog): Check {
  const problems = log.acceptedInvalid.map((call) => `${call.request} → ${call.status ?? 'no answer'} ${call.body}`);
  return check('invalid inputs refused with 4xx', problems, `${count(log.invalidCalls)} deliberately invalid calls`);
}

/** What is still waiting for the chain or the worker after the drain: nothing should be. */
export async function pendingWork(db: Client): Promise<{ total: number; text: string }> {
  const { rows } = await db.query<{ what: string; n: string }>(`
    SELECT 'deposits' AS what, count(*) AS n FROM deposits WHERE status = 'pending'
    UNION ALL SELECT 'withdrawals', count(*) FROM withdrawals WHERE status IN ('pending', 'sent')
    UNION ALL SELECT 'registrations', count(*) FROM registrations WHERE status = 'pending'
    UNION ALL SELECT 'pack purchases', count(*) FROM pack_purchases WHERE status = 'pending'
    UNION ALL SELECT 'shop purchases', count(*) FROM shop_purchases WHERE status = 'pending'
    UNION ALL SELECT 'chain transfers to credit or refund', count(*) FROM chain_transfers WHERE status IN ('waiting', 'unmatched')`);
  const waiting = rows.filter((row) => n(row.n) > 0);
  return {
    total: waiting.reduce((sum, row) => sum + n(row.n), 0),
    text: waiting.map((row) => `${row.n} ${row.what}`).join(', ') || 'nothing',
  };
}

export async function settled(db: Client, waitedMs: number): Promise<Check> {
  const { total, text } = await pendingWork(db);
  return check(
    'chain work settled',
    total > 0 ? [`still pending after ${Math.round(waitedMs / 1000)} s: ${text}`] : [],
    `pending deposits, withdrawals, registrations, purchases and chain transfers: ${text} (after ${(waitedMs / 1000).toFixed(1)} s)`,
  );
}
