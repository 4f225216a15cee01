import { Client } from 'pg';

/** Reads the stack's own database directly, to check what a call stored (or did not). */
export async function queryDatabase<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function countRows(url: string, table: 'players' | 'registrations' | 'sessions' | 'ledger_entries'): Promise<number> {
  const [row] = await queryDatabase<{ count: string }>(url, `SELECT count(*) FROM ${table}`);
  return Number(row.count);
}
