import { nameSkeletons, skeletonOf } from './name-skeleton';

describe('UTS #39 skeletons of names', () => {
  it('gives look-alike spellings one skeleton', () => {
    const iron = nameSkeletons('Iron Wolves');
    for (const lookAlike of ['Ir\u043En Wolves', '\u0399ron Wolves', 'lron Wolves', '\u0406r\u043En W\u043Elv\u0435s']) {
      expect(nameSkeletons(lookAlike).skeleton).toBe(iron.skeleton);
    }
    // Lower case: the folded skeleton.
    expect(nameSkeletons('\u03B9ron wolves').foldedSkeleton).toBe(iron.foldedSkeleton);
    expect(nameSkeletons('IRON WOLVES').foldedSkeleton).toBe(iron.foldedSkeleton);
  });

  it('keeps names apart that do not look alike', () => {
    expect(skeletonOf('Iron Wolves')).not.toBe(skeletonOf('Iron Wolfs'));
    expect(nameSkeletons('Caf\u00E9').foldedSkeleton).not.toBe(nameSkeletons('Cafe').foldedSkeleton);
    expect(skeletonOf('Dragons \u{1F409}')).toBe('Dragons \u{1F409}');
  });
});
