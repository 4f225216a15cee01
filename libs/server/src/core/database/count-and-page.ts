import { Expression, sql } from 'kysely';
import { EntityManager } from 'typeorm';
import { db, prepared, rows } from './sql';

/**
 * A page of rows and the count of all rows matching, in one round trip (the count comes back even
 * when the page is empty). `count` selects one row with a column `total`. Each row keeps the order
 * `page` gives it. Prepared: the pages of a list (the marketplace's, the notifications') are read at every visit, and
 * their SQL takes a few shapes, the filters chosen, never a value spelled out.
 */
export async function countAndPage<Row>(
  manager: EntityManager,
  count: Expression<{ total: number | string | bigint }>,
  page: Expression<Row>,
): Promise<{ total: number; rows: Row[] }> {
  const found = await rows(
    manager,
    prepared(
      sql<Row & { total: number; page_position: number | null }>`SELECT counted.total, page.* FROM (${count}) counted
       LEFT JOIN LATERAL (SELECT numbered.*, row_number() OVER () AS page_position FROM (${page}) numbered) page ON true
      ORDER BY page.page_position`.compile(db),
    ),
  );
  return { total: Number(found[0].total), rows: found.filter((row) => row.page_position !== null) };
}
