import type { Client } from 'pg';
import { formatDecimal } from '@runik/rules';
import { ASSETS } from '@runik/server';

// The ledger's conservation invariants, checked by the soak (bench/soak) and after a restore (backup-restore.spec.ts).

/** One invariant: its result and what it looked at; `problems` names each violation found. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  problems: string[];
}

export const n = (value: unknown) => Number(value);
export const runik = (thousandths: number) => formatDecimal(thousandths, 3);
export const count = (value: number) => value.toLocaleString('en-US');

export function check(name: string, problems: string[], detail: string): Check {
  return { name, ok: problems.length === 0, detail, problems };
}

/**
 * For each asset the ledger holds (RUNIK and every resource): the sum over every account,
 * system accounts included, is 0 in the balances and in the entries (double entry: every posting
 * nets to 0 per asset); each balance equals the sum of its account's entries and the last entry's
 * running balance.
 */
export async function conservation(db: Client): Promise<Check[]> {
  const { rows: assets } = await db.query<{ asset: string; balances: string; entries: string; accounts: string; postings: string }>(
    `
    WITH assets AS (SELECT asset FROM balances UNION SELECT asset FROM ledger_entries)
    SELECT a.asset,
           (SELECT coalesce(sum(amount), 0) FROM balances b WHERE b.asset = a.asset) AS balances,
           (SELECT coalesce(sum(delta), 0) FROM ledger_entries e WHERE e.asset = a.asset) AS entries,
           (SELECT count(*) FROM balances b WHERE b.asset = a.asset) AS accounts,
           (SELECT count(DISTINCT posting_id) FROM ledger_entries e WHERE e.asset = a.asset) AS postings
      FROM assets a ORDER BY array_position($1::text[], a.asset::text), a.asset`,
    [ASSETS],
  );
  const { rows: unbalanced } = await db.query<{ asset: string; posting_id: string; reason: string; total: string }>(`
    SELECT asset, posting_id, min(reason) AS reason, sum(delta) AS total FROM ledger_entries GROUP BY asset, posting_id HAVING sum(delta) <> 0`);
  const { rows: drifted } = await db.query<{ asset: string; code: string; amount: string; total: string; last: string }>(`
    WITH sums AS (SELECT account_id, asset, sum(delta) AS total FROM ledger_entries GROUP BY account_id, asset),
         lasts AS (SELECT DISTINCT ON (account_id, asset) account_id, asset, balance_after FROM ledger_entries ORDER BY account_id, asset, id DESC)
    SELECT coalesce(b.asset, s.asset) AS asset, a.code, b.amount, s.total, l.balance_after AS last
      FROM balances b
      FULL JOIN sums s ON s.account_id = b.account_id AND s.asset = b.asset
      LEFT JOIN lasts l ON l.account_id = coalesce(b.account_id, s.account_id) AND l.asset = coalesce(b.asset, s.asset)
      JOIN ledger_accounts a ON a.id = coalesce(b.account_id, s.account_id)
     WHERE coalesce(b.amount, 0) <> coalesce(s.total, 0) OR coalesce(b.amount, 0) <> coalesce(l.balance_after, 0)`);
  const { rows: system } = await db.query<{ asset: string; code: string; amount: string }>(`
    SELECT b.asset, a.code, b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NULL AND b.amount <> 0 ORDER BY a.code`);
  const { rows: flows } = await db.query<{ deposited: string; withdrawn: string }>(`
    SELECT (SELECT coalesce(sum(amount_thousandths), 0) FROM deposits WHERE status = 'completed') AS deposited,
           (SELECT coalesce(sum(amount_thousandths), 0) FROM withdrawals WHERE status <> 'refunded') AS withdrawn`);

  return assets.map((row) => {
    const problems: string[] = [];
    if (n(row.balances) !== 0) problems.push(`${row.asset}: balances sum to ${runik(n(row.balances))}, not 0`);
    if (n(row.entries) !== 0) problems.push(`${row.asset}: ledger entries sum to ${runik(n(row.entries))}, not 0`);
    for (const posting of unbalanced.filter((posting) => posting.asset === row.asset)) {
      problems.push(`${row.asset}: posting ${posting.posting_id} (${posting.reason}) nets ${runik(n(posting.total))}`);
    }
    for (const account of drifted.filter((account) => account.asset === row.asset)) {
      problems.push(
        `${row.asset}: ${account.code} holds ${account.amount ?? 'no row'}, its entries sum to ${account.total ?? 0}, last running balance ${account.last ?? 'none'}`,
      );
    }
    const systemText = system
      .filter((account) => account.asset === row.asset)
      .map(
        (account) =>
          `${account.code.replace('system:', '')} ${(n(account.amount) / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })}`,
      )
      .join(', ');
    let chainText = '';
    if (row.asset === 'runik') {
      // The chain side of RUNIK mirrors what crossed it: RNK withdrawn (not refunded) less RNK deposited.
      const chain = system.find((account) => account.asset === 'runik' && account.code === 'external:hive-engine');
      const expected = n(flows[0].withdrawn) - n(flows[0].deposited);
      if (n(chain?.amount ?? 0) !== expected)
        problems.push(`external:hive-engine holds ${runik(n(chain?.amount ?? 0))}, withdrawn − deposited is ${runik(expected)}`);
      chainText = ', chain side = withdrawn − deposited';
    }
    return check(
      `conservation: ${row.asset}`,
      problems,
      `${count(n(row.accounts))} balances and ${count(n(row.postings))} postings: sums 0, each posting nets 0, balance = entries${chainText}; ${systemText || 'no system balance'}`,
    );
  });
}
