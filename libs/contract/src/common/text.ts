import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1), NUL and line breaks included: PostgreSQL refuses NUL, and none belongs on one
 * line. Also the line and paragraph separators U+2028 and U+2029 (categories Zl and Zp, not Cc): line breaks too.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Most combining marks one base character may carry: Vietnamese and Devanagari use 2-3; a stack of more draws over the lines around it. */
export const MAX_COMBINING_MARKS = 4;
const MARK_STACK = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');
/** Format characters: direction overrides and isolates, zero-width spaces and joiners, soft hyphen, BOM. */
const FORMAT = /\p{Cf}/u;
/** In names also what renders as nothing or as a box: variation selectors, fillers, private use, unassigned. */
const INVISIBLE_IN_NAMES = /[\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}]/u;
/**
 * Everywhere, names and descriptions alike, what renders as a blank where a letter should be and is
 * no space: the Braille pattern blank U+2800, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0),
 * the combining grapheme joiner U+034F and the Khmer inherent vowels U+17B4-U+17B5.
 */
const BLANK = /\u2800|\u115F|\u1160|\u3164|\uFFA0|\u034F|\u17B4|\u17B5/u;
/**
 * What a description's emoji may carry of the format characters: a zero-width joiner between two
 * emoji (a ZWJ sequence: a family, a rainbow flag; after an optional presentation selector or skin
 * tone), and the tag characters of a subdivision flag (England's). Taken out before the check.
 */
const EMOJI_FORMAT =
  /(?<=\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})|(?<=\u{1F3F4})[\u{E0061}-\u{E007A}\u{E0030}-\u{E0039}]+\u{E007F}/gu;
/** Half a UTF-16 surrogate pair: not Unicode text at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TextMessages = {
  brokenText: (field: string) => `${field} is not valid Unicode text.`,
  controlCharacter: (field: string) => `${field} must not contain control characters or line breaks.`,
  hiddenCharacter: (field: string) => `${field} must not contain direction overrides or invisible characters.`,
  stackedMarks: (field: string) => `${field} must not stack more than ${MAX_COMBINING_MARKS} accents or marks on one character.`,
} as const;

function problemOf(text: string, field: string, isName: boolean): string | null {
  if (LONE_SURROGATE.test(text)) return TextMessages.brokenText(field);
  if (CONTROL.test(text)) return TextMessages.controlCharacter(field);
  if (BLANK.test(text)) return TextMessages.hiddenCharacter(field);
  if (MARK_STACK.test(text)) return TextMessages.stackedMarks(field);
  if (isName ? FORMAT.test(text) || INVISIBLE_IN_NAMES.test(text) : FORMAT.test(text.replace(EMOJI_FORMAT, '')))
    return TextMessages.hiddenCharacter(field);
  return null;
}

/**
 * Free text a player types and others read, on one line. Refused (before any trimming, so nothing is
 * silently dropped): control characters and line breaks (U+2028 and U+2029 too), direction and zero-width
 * characters (but an emoji ZWJ sequence's joiners), blanks that are no space (BLANK), broken surrogates,
 * more than MAX_COMBINING_MARKS combining marks on one character.
 * Then normalised to NFC, so one text has one spelling in the database.
 */
export function plainText(schema: z.ZodString, field: string): z.ZodString {
  return schema.superRefine(refuse(field, false)).normalize('NFC');
}

/**
 * A name that must not pass for another: plain text without invisible characters, normalised to NFKC
 * (full-width and other compatibility forms become their plain letters) with runs of spaces made one,
 * so names that look alike are equal and meet the database's unique index. (The server also keeps
 * names unique on their confusables skeleton: libs/server/src/core/text/name-skeleton.ts.)
 */
export function nameText(schema: z.ZodString, field: string): z.ZodString {
  return schema
    .superRefine(refuse(field, true))
    .normalize('NFKC')
    .overwrite((name) => name.replace(/\s+/gu, ' '));
}

function refuse(field: string, isName: boolean) {
  return (text: string, context: z.RefinementCtx) => {
    const problem = problemOf(text, field, isName);
    if (problem) context.addIssue({ code: 'custom', message: problem, abort: true });
  };
}
