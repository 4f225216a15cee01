import { ALLIANCE_ICON_IDS } from '@runik/rules';
import { LookAlikeKeys1796000300000 } from '../core/migrations/1796000300000-look-alike-keys';
import { lookAlikeKey } from '../core/text/name-skeleton';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';

/** The migration that recomputes the alliances' look-alike keys (issue 47, item 7), run again on this database. */
const clock = new TestClock('2027-02-01T10:00:00Z');
let t: ServiceTest;
beforeAll(async () => (t = await createServiceTest({ clock })));
afterAll(() => t?.close());

async function oldAlliance(name: string, tag: string): Promise<number> {
  const leader = await t.newPlayer(`lk${tag.toLowerCase()}`);
  const [{ id }]: { id: number }[] = await t.dataSource.query(
    `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at) VALUES ($1, $2, $3, '', $4, 10, $5) RETURNING id`,
    [name, tag, ALLIANCE_ICON_IDS[0], leader, clock.now()],
  );
  return Number(id);
}

it('gives every alliance its look-alike keys; of two that now look alike the older keeps them, the newer blocks nothing', async () => {
  // Made before the keys: the earlier rule let each of these through.
  const iron = await oldAlliance('Iron Wolves', 'IRO');
  const zero = await oldAlliance('Ir0n Wolves', 'IR0');
  const hyphen = await oldAlliance('Iron-Wolves', 'IRW');
  const storm = await oldAlliance('Storm Riders', 'STR');
  const runner = t.dataSource.createQueryRunner();
  try {
    await new LookAlikeKeys1796000300000().down(runner);
    await new LookAlikeKeys1796000300000().up(runner);
  } finally {
    await runner.release();
  }
  const rows: { id: number; name_folded_skeleton: string | null; tag_skeleton: string | null }[] = await t.dataSource.query(
    `SELECT id, name_folded_skeleton, tag_skeleton FROM alliances WHERE id = ANY($1) ORDER BY id`,
    [[iron, zero, hyphen, storm]],
  );
  expect(rows).toEqual([
    { id: iron, name_folded_skeleton: lookAlikeKey('Iron Wolves'), tag_skeleton: lookAlikeKey('IRO') },
    { id: zero, name_folded_skeleton: null, tag_skeleton: null },
    { id: hyphen, name_folded_skeleton: null, tag_skeleton: lookAlikeKey('IRW') },
    { id: storm, name_folded_skeleton: lookAlikeKey('Storm Riders'), tag_skeleton: lookAlikeKey('STR') },
  ]);
  // The keys hold from now on: another look-alike of the older one is refused by the database.
  await expect(
    t.dataSource.query(
      `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at, name_folded_skeleton)
       SELECT 'Iron Vvolves', 'IVV', icon, '', leader_id, 10, created_at, $2 FROM alliances WHERE id = $1`,
      [iron, lookAlikeKey('Iron Vvolves')],
    ),
  ).rejects.toThrow(/alliances_name_folded_skeleton_key/);
});
