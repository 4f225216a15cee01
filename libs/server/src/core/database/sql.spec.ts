import { sql } from 'kysely';
import { compiledOnce, db } from './sql';

describe('compiledOnce', () => {
  it('gives the statement and parameters a fresh compile gives, for each call’s arguments, constants kept', () => {
    const build = (playerId: number, delta: number, ids: number[]) =>
      db
        .updateTable('players')
        .set({ locked_runik: sql<number>`GREATEST(0, locked_runik + ${delta})` })
        .where('id', '=', playerId)
        .where('locked_runik', '>', 0)
        .where('id', '=', (eb) => eb.fn.any(eb.val(ids)));
    const statement = compiledOnce(build);

    for (const args of [
      [7, -300, [7, 8]],
      [0, 0, []],
      [12, 5, [12]],
    ] as const) {
      const fresh = build(args[0], args[1], [...args[2]]).compile();
      const once = statement(args[0], args[1], [...args[2]]);
      expect(once.sql).toBe(fresh.sql);
      expect(once.parameters).toEqual(fresh.parameters);
    }
  });

  it('compiles raw SQL once as well: each argument one parameter, in place', () => {
    const build = (ids: number[], reason: string) =>
      sql<{ id: number }>`SELECT id FROM unnest(${ids}::bigint[]) AS id WHERE ${reason} <> ''`;
    const statement = compiledOnce(build);
    const fresh = build([3, 4], 'gear-sale').compile(db);
    const once = statement([3, 4], 'gear-sale');
    expect(once.sql).toBe(fresh.sql);
    expect(once.parameters).toEqual([[3, 4], 'gear-sale']);
  });
});
