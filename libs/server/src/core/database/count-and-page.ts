import { EntityManager } from 'typeorm';

/**
 * A page of rows and the count of all rows matching, in one round trip (the count comes back even
 * when the page is empty). `countSql` selects one row with a column `total`; both statements share
 * `parameters`. Each row keeps the order `pageSql` gives it.
 */
export async function countAndPage<Row>(
  manager: EntityManager,
  countSql: string,
  pageSql: string,
  parameters: unknown[],
): Promise<{ total: number; rows: Row[] }> {
  const rows: (Row & { total: string; page_position: string | null })[] = await manager.query(
    `SELECT counted.total, page.* FROM (${countSql}) counted
       LEFT JOIN LATERAL (SELECT numbered.*, row_number() OVER () AS page_position FROM (${pageSql}) numbered) page ON true
      ORDER BY page.page_position`,
    parameters,
  );
  return { total: Number(rows[0].total), rows: rows.filter((row) => row.page_position !== null) };
}
