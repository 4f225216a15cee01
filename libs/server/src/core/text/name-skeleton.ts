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

/** A combining mark on a Latin, Greek or Cyrillic letter: an accent (`ó`, `ẹ`). Other scripts' marks are letters' parts (Devanagari's vowel signs). */
const ACCENT = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]\p{M}*)\p{M}/gu;
/** Digits that pass for letters once the case is folded: 0 for o, 1 (and i, I) for l, 5 for s. */
const DIGIT_LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'l', i: 'l', '5': 's' };
/** What stands between letters without making another name: punctuation, symbols and spaces (emoji stay: they are told apart). */
const BETWEEN_LETTERS = /[^\p{L}\p{N}\p{M}\p{Extended_Pictographic}]/gu;
/** Letter pairs that read as one letter: `vv` as `w`, `rn` as `m`. */
const PAIRS: [RegExp, string][] = [
  [/vv/g, 'w'],
  [/rn/g, 'm'],
];

/**
 * What a name looks like at a glance, coarser than the skeleton: the skeleton of its lower case, folded
 * again to lower case, with the accents of Latin, Greek and Cyrillic letters dropped, the digits that
 * look like letters read as those letters (0/O, 1/l/I, 5/S), punctuation, symbols and spaces between
 * letters dropped, and the letter pairs that look like one letter read as it (vv/w, rn/m). `Ir0n Wolves`,
 * `Irón Wolves`, `Wolvẹs`, `Iron-Wolves`, `Iron_Wolves`, `IronWolves`, `Iron Wolves.` and `Iron Vvolves`
 * all give the key of `Iron Wolves` (`lronwolves`). A name of punctuation alone keeps its folded skeleton.
 * A function of the lower case's skeleton, so two names with one folded skeleton always have one key.
 */
export function lookAlikeKey(text: string): string {
  const folded = skeletonOf(text.toLowerCase()).toLowerCase().replace(ACCENT, '');
  const read = folded.replace(/[015i]/g, (character) => DIGIT_LOOK_ALIKES[character]);
  const letters = read.replace(BETWEEN_LETTERS, '');
  if (letters === '') return folded;
  return PAIRS.reduce((key, [pair, letter]) => key.replace(pair, letter), letters);
}

/**
 * The keys a player-chosen name is unique on beside its own NFKC form (the api stores names NFKC):
 * its skeleton, which tells `Iron` from `iron` but not from `lron`, and its look-alike key
 * (lookAlikeKey: case, accents, look-alike digits and pairs, punctuation and spaces folded). A name
 * clashes with another when either key is the same. (Column `name_folded_skeleton` holds the second.)
 */
export function nameSkeletons(name: string): { skeleton: string; foldedSkeleton: string } {
  return { skeleton: skeletonOf(name), foldedSkeleton: lookAlikeKey(name) };
}
