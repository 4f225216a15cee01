import { z } from 'zod';

/** Control characters (C0, DEL, C1), NUL and line breaks included: PostgreSQL refuses NUL, and none belongs on one line. */
const CONTROL = /\p{Cc}/u;
/** Format characters: direction overrides and isolates, zero-width spaces and joiners, soft hyphen, BOM. */
const FORMAT = /\p{Cf}/u;
/** In names also what renders as nothing or as a box: variation selectors, fillers, private use, unassigned. */
const INVISIBLE_IN_NAMES = /[\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}]/u;
/** Half a UTF-16 surrogate pair: not Unicode text at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TextMessages = {
  brokenText: (field: string) => `${field} is not valid Unicode text.`,
  controlCharacter: (field: string) => `${field} must not contain control characters or line breaks.`,
  hiddenCharacter: (field: string) => `${field} must not contain direction overrides or invisible characters.`,
} as const;

function problemOf(text: string, field: string, isName: boolean): string | null {
  if (LONE_SURROGATE.test(text)) return TextMessages.brokenText(field);
  if (CONTROL.test(text)) return TextMessages.controlCharacter(field);
  if (FORMAT.test(text) || (isName && INVISIBLE_IN_NAMES.test(text))) return TextMessages.hiddenCharacter(field);
  return null;
}

/**
 * Free text a player types and others read, on one line. Refused (before any trimming, so nothing is
 * silently dropped): control characters, direction and zero-width characters, broken surrogates.
 * Then normalised to NFC, so one text has one spelling in the database.
 */
export function plainText(schema: z.ZodString, field: string): z.ZodString {
  return schema.superRefine(refuse(field, false)).normalize('NFC');
}

/**
 * A name that must not pass for another: plain text without invisible characters, normalised to NFKC
 * (full-width and other compatibility forms become their plain letters) with runs of spaces made one,
 * so names that look alike are equal and meet the database's unique index.
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
