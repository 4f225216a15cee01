import { lookAlikeKey, nameSkeletons, skeletonOf } from './name-skeleton';

describe('UTS #39 skeletons of names', () => {
  it('gives look-alike spellings one skeleton', () => {
    const iron = nameSkeletons('Iron Wolves');
    for (const lookAlike of ['Ir\u043En Wolves', '\u0399ron Wolves', 'lron Wolves', '\u0406r\u043En W\u043Elv\u0435s']) {
      expect(nameSkeletons(lookAlike).skeleton).toBe(iron.skeleton);
    }
    // Lower case: the look-alike key.
    expect(nameSkeletons('\u03B9ron wolves').foldedSkeleton).toBe(iron.foldedSkeleton);
    expect(nameSkeletons('IRON WOLVES').foldedSkeleton).toBe(iron.foldedSkeleton);
  });

  it('keeps names apart that do not look alike', () => {
    expect(skeletonOf('Iron Wolves')).not.toBe(skeletonOf('Iron Wolfs'));
    expect(lookAlikeKey('Iron Wolves')).not.toBe(lookAlikeKey('Iron Wolfs'));
    expect(lookAlikeKey('Iron Wolves')).not.toBe(lookAlikeKey('Iron Wolves II'));
    expect(skeletonOf('Dragons \u{1F409}')).toBe('Dragons \u{1F409}');
    expect(lookAlikeKey('Dragons \u{1F409}')).not.toBe(lookAlikeKey('Dragons \u{1F432}'));
    // Devanagari's vowel signs are marks, and part of the letter: नमस्ते is not नमस्त.
    expect(lookAlikeKey('नमस्ते')).not.toBe(lookAlikeKey('नमस्त'));
  });
});

describe('look-alike keys (issue 47)', () => {
  it.each([
    ['a zero for the o', 'Ir0n Wolves'],
    ['an accent', 'Irón Wolves'],
    ['a dot below', 'Iron Wolvẹs'],
    ['the accent decomposed', 'Iron Wolvẹs'.normalize('NFD')],
    ['a hyphen for the space', 'Iron-Wolves'],
    ['an underscore', 'Iron_Wolves'],
    ['no space', 'IronWolves'],
    ['a full stop after', 'Iron Wolves.'],
    ['vv for w', 'Iron Vvolves'],
    ['capitals', 'IRON WOLVES'],
    ['a one for the l and a five for the s', 'Iron Wo1ve5'],
  ])('folds %s: %s', (_what, name) => expect(lookAlikeKey(name)).toBe(lookAlikeKey('Iron Wolves')));

  it('reads rn as m, and digits as the letters they pass for, in tags too', () => {
    expect(lookAlikeKey('Storm Riders')).toBe(lookAlikeKey('Stor rn Riders'));
    expect(lookAlikeKey('Storm Riders')).toBe(lookAlikeKey('Storrn Riders'));
    expect(lookAlikeKey('IR0')).toBe(lookAlikeKey('IRO'));
    expect(lookAlikeKey('I5L')).toBe(lookAlikeKey('1SI'));
    expect(lookAlikeKey('ABC')).not.toBe(lookAlikeKey('ABD'));
  });

  it('is a function of the lower case skeleton: names that shared it still clash', () => {
    for (const [a, b] of [
      ['\u03B9ron wolves', 'Iron Wolves'],
      ['Ir\u043En Wolves', 'iron wolves'],
    ])
      expect(lookAlikeKey(a)).toBe(lookAlikeKey(b));
  });

  it('keeps a name of punctuation alone', () => {
    expect(lookAlikeKey('---')).toBe('---');
    expect(lookAlikeKey('...')).not.toBe(lookAlikeKey('---'));
  });
});
