import unhomoglyph from 'unhomoglyph';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** UTS #39's skeleton as it was when this migration was written (libs/server/src/core/text/name-skeleton.ts). */
const skeletonOf = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * Alliance names unique on their confusables skeletons (UTS #39), case-sensitive and of the lower
 * case, so a look-alike spelling (Cyrillic or Greek letters for Latin ones) never makes a second
 * "Iron Wolves". Existing alliances get theirs here; of two that already look alike, the older keeps
 * its keys and the newer has none (it stays, and blocks nothing).
 */
export class AllianceNameSkeletons1765532000000 implements MigrationInterface {
  name = 'AllianceNameSkeletons1765532000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE alliances ADD COLUMN name_skeleton text, ADD COLUMN name_folded_skeleton text`);
    const rows: { id: number; name: string }[] = await db.query(`SELECT id, name FROM alliances ORDER BY id`);
    const taken = new Set<string>();
    for (const row of rows) {
      const skeleton = skeletonOf(row.name);
      const folded = skeletonOf(row.name.toLowerCase());
      if (taken.has(`s:${skeleton}`) || taken.has(`f:${folded}`)) continue;
      taken.add(`s:${skeleton}`).add(`f:${folded}`);
      await db.query(`UPDATE alliances SET name_skeleton = $2, name_folded_skeleton = $3 WHERE id = $1`, [row.id, skeleton, folded]);
    }
    await db.query(`CREATE UNIQUE INDEX alliances_name_skeleton_key ON alliances (name_skeleton)`);
    await db.query(`CREATE UNIQUE INDEX alliances_name_folded_skeleton_key ON alliances (name_folded_skeleton)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE alliances DROP COLUMN name_skeleton, DROP COLUMN name_folded_skeleton`);
  }
}
