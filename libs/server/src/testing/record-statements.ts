import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { connectionPool } from '../core/database/sql';

/**
 * Hears every statement a data source's connections are sent, with its parameters, whichever way it took to them: the
 * pool's own `query` (a typed SELECT outside a transaction), a TypeORM query runner, or the ledger's legs sent ahead.
 * TypeORM's logger and `beforeQuery` subscribers see the runner's alone.
 */
export function recordStatements(dataSource: DataSource, record: (sql: string, parameters: unknown[] | undefined) => void): void {
  const heard = new WeakSet<PoolClient>();
  connectionPool(dataSource).on('acquire', (client: PoolClient) => {
    if (heard.has(client)) return;
    heard.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      record(typeof text === 'string' ? text : (text as { text: string }).text, Array.isArray(values) ? values : undefined);
      return query(...args);
    }) as typeof client.query;
  });
}
