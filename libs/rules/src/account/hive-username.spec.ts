import { isValidHiveUsername } from './hive-username';

describe('isValidHiveUsername', () => {
  it.each(['abc', 'alice', 'runik.game', 'a-b-c', 'user123', 'abc.def.ghi', 'a'.repeat(16), 'x1y', 'hive-io'])('accepts %s', (name) =>
    expect(isValidHiveUsername(name)).toBe(true),
  );

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(17)],
    ['upper case', 'Alice'],
    ['a digit first', '1abc'],
    ['a dash last', 'abc-'],
    ['a dash first', '-abc'],
    ['an underscore', 'ab_c'],
    ['a space', 'ab c'],
    ['a short segment', 'abc.de'],
    ['an empty segment', 'abc..def'],
    ['a trailing dot', 'abc.'],
    ['a double dash', 'ab--c'],
    ['unicode', 'ålice'],
    ['empty', ''],
  ])('refuses %s', (_reason, name) => expect(isValidHiveUsername(name)).toBe(false));

  it('refuses non-strings', () => {
    expect(isValidHiveUsername(42 as unknown as string)).toBe(false);
    expect(isValidHiveUsername(null as unknown as string)).toBe(false);
  });
});
