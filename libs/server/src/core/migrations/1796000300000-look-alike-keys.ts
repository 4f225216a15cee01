import unhomoglyph from 'unhomoglyph';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** libs/server/src/core/text/name-skeleton.ts's lookAlikeKey as it was when this migration was written. */
function lookAlikeKey(text: string): string {
  const skeleton = unhomoglyph(text.toLowerCase().normalize('NFD')).normalize('NFD');
  const folded = skeleton.toLowerCase().replace(/(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]\p{M}*)\p{M}/gu, '');
  const read = folded.replace(/[015i]/g, (character) => ({ '0': 'o', '1': 'l', i: 'l', '5': 's' })[character] ?? character);
  const letters = read.replace(/[^\p{L}\p{N}\p{M}\p{Extended_Pictographic}]/gu, '');
  return letters === '' ? folded : letters.replace(/vv/g, 'w').replace(/rn/g, 'm');
}

/**
 * Alliance names and tags unique on what they look like at a glance (issue 47): `name_folded_skeleton`
 * becomes the look-alike key (case, accents, digits that look like letters, punctuation and spaces, vv/w and
 * rn/m folded), recomputed for every alliance; tags get one too (`tag_skeleton`: `IR0` is `IRO`). Of two
 * existing alliances that now look alike, the older keeps its key and the newer has none (it stays, and
 * blocks nothing), as in AllianceNameSkeletons1765532000000.
 */
export class LookAlikeKeys1796000300000 implements MigrationInterface {
  name = 'LookAlikeKeys1796000300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE alliances SET name_folded_skeleton = NULL`);
    await db.query(`ALTER TABLE alliances ADD COLUMN tag_skeleton text`);
    const rows: { id: number; name: string; tag: string }[] = await db.query(`SELECT id, name, tag FROM alliances ORDER BY id`);
    const names = new Set<string>();
    const tags = new Set<string>();
    for (const row of rows) {
      const name = lookAlikeKey(row.name);
      const tag = lookAlikeKey(row.tag);
      await db.query(`UPDATE alliances SET name_folded_skeleton = $2, tag_skeleton = $3 WHERE id = $1`, [
        row.id,
        names.has(name) ? null : name,
        tags.has(tag) ? null : tag,
      ]);
      names.add(name);
      tags.add(tag);
    }
    await db.query(`CREATE UNIQUE INDEX alliances_tag_skeleton_key ON alliances (tag_skeleton)`);
  }

  /** Back to the lower case's skeleton (the earlier definition); the earlier migration's rule for clashes. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE alliances DROP COLUMN tag_skeleton`);
    await db.query(`UPDATE alliances SET name_folded_skeleton = NULL`);
    const rows: { id: number; name: string }[] = await db.query(`SELECT id, name FROM alliances ORDER BY id`);
    const taken = new Set<string>();
    for (const row of rows) {
      const folded = unhomoglyph(row.name.toLowerCase().normalize('NFD')).normalize('NFD');
      if (taken.has(folded)) continue;
      taken.add(folded);
      await db.query(`UPDATE alliances SET name_folded_skeleton = $2 WHERE id = $1`, [row.id, folded]);
    }
  }
}
