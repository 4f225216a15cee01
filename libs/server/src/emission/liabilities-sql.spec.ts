import { liabilitiesOf, OpenWithdrawalStatus } from '@runik/rules';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { readLiabilities } from './liabilities';

/**
 * What the game owes is one rule (`liabilitiesOf`, libs/rules) that the budget's sizing, the coverage
 * floor and the report read through SQL (`readLiabilities`): on the same rows both give the same figure,
 * so the economy simulation, which calls the rule, plays what the server counts.
 */
const clock = new TestClock('2026-07-01T03:00:00Z');
let t: ServiceTest;

beforeAll(async () => {
  t = await createServiceTest({ clock });
});
afterAll(() => t?.close());

/** Every player's RUNIK and the open withdrawals, read as plain rows, through the rule. */
async function byTheRule() {
  const holdings: { paid: boolean; runik: string; locked: string }[] = await t.dataSource.query(
    `SELECT p.activation = 'paid' AS paid, coalesce(b.amount, 0)::text AS runik, p.locked_runik::text AS locked
       FROM players p JOIN ledger_accounts a ON a.player_id = p.id LEFT JOIN balances b ON b.account_id = a.id AND b.asset = 'runik'`,
  );
  const withdrawals: { status: OpenWithdrawalStatus; amount: string }[] = await t.dataSource.query(
    `SELECT status, amount_thousandths::text AS amount FROM withdrawals WHERE status IN ('queued', 'pending', 'sent')`,
  );
  return liabilitiesOf(
    holdings.map((row) => ({ paid: row.paid, runik: Number(row.runik), locked: Number(row.locked) })),
    withdrawals.map((row) => ({ status: row.status, amount: Number(row.amount) })),
  );
}

describe('readLiabilities', () => {
  it('gives the rule’s figure on the same rows: paid and free, game-only RUNIK over and under the balance, every withdrawal status', async () => {
    const players = [
      await t.newPlayer('owed1', { activation: 'paid', runik: 5_000_000 }),
      await t.newPlayer('owed2', { activation: 'paid', runik: 1_250_000 }),
      await t.newPlayer('owed3', { runik: 800_000 }),
      await t.newPlayer('owed4', { runik: 300_000 }),
      await t.newPlayer('owed5'),
    ];
    // Game-only RUNIK: part of a paid balance, more than a spent balance, and most of a free one.
    for (const [player, locked] of [
      [players[0], 2_000_000],
      [players[1], 9_000_000],
      [players[2], 650_000],
    ] as const) {
      await t.dataSource.transaction((manager) => t.ledger.lockRunik(manager, player, locked));
    }
    for (const [index, status] of (['queued', 'pending', 'sent', 'completed', 'refunded'] as const).entries()) {
      await t.dataSource.query(
        `INSERT INTO withdrawals (player_id, amount_thousandths, status, created_at, updated_at) VALUES ($1, $2, $3, now(), now())`,
        [players[0], (index + 1) * 100_000, status],
      );
    }
    const read = await readLiabilities(t.dataSource.manager);
    expect(read).toEqual(await byTheRule());
    expect(read).toMatchObject({ withdrawable: 3_000_000, locked: 3_250_000, free: 1_100_000, freeGameOnly: 650_000, contingent: 450_000 });
    expect(read).toMatchObject({ queued: 100_000, committed: 500_000 });
  });
});
