import unhomoglyph from 'unhomoglyph';

/**
 * The confusables skeleton of UTS #39 (section 4): NFD, each character replaced by its prototype from
 * Unicode's confusables.txt (the `unhomoglyph` package, which ships that table), NFD again. Two
 * strings with one skeleton look alike: `Iron`, `Irоn` with a Cyrillic o and `Ιron` with a Greek
 * capital iota all give `lron`.
 */
export function skeletonOf(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The keys a player-chosen name is unique on beside its own NFKC form (the api stores names NFKC):
 * its skeleton, which tells `Iron` from `iron` but not from `lron`, and the skeleton of its lower
 * case, which tells `iron` from `lron` but not from `Iron` or `ιron` (Greek iota). A name clashes
 * with another when either key is the same.
 */
export function nameSkeletons(name: string): { skeleton: string; foldedSkeleton: string } {
  return { skeleton: skeletonOf(name), foldedSkeleton: skeletonOf(name.toLowerCase()) };
}
