import type { PoolClient, QueryConfig } from 'pg';
import type { DataSource } from 'typeorm';
import { connectionPool } from '../core/database/sql';

/**
 * Hears every statement a data source's connections are sent, with its parameters (and its name if prepared),
 * whichever way it took to them: the pool's own `query` (a typed SELECT outside a transaction), a TypeORM query
 * runner, a prepared statement sent to the client by `rows`, or the ledger's legs sent ahead. TypeORM's logger and
 * `beforeQuery` subscribers see the runner's alone.
 */
export function recordStatements(
  dataSource: DataSource,
  record: (sql: string, parameters: unknown[] | undefined, name: string | undefined) => void,
): void {
  const heard = new WeakSet<PoolClient>();
  connectionPool(dataSource).on('acquire', (client: PoolClient) => {
    if (heard.has(client)) return;
    heard.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      // query(text, values) from TypeORM, query({ text, values, name }) from `rows` and `sendAhead`.
      const [statement, values] = args;
      if (typeof statement === 'string') record(statement, Array.isArray(values) ? values : undefined, undefined);
      else {
        const config = statement as QueryConfig;
        record(config.text, config.values, config.name);
      }
      return query(...args);
    }) as typeof client.query;
  });
}
