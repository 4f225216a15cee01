import { z } from 'zod';
import { nameText, plainText, TextMessages } from './text';

const name = nameText(z.string(), 'Name').trim();
const text = plainText(z.string(), 'Text').trim();

const firstMessage = (schema: z.ZodType, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
};

const codePoints = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));
const hex = (character: string) => `U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;

const CONTROLS = [...codePoints(0x00, 0x1f), ...codePoints(0x7f, 0x9f), '\u2028', '\u2029'];
const BIDI = ['\u061C', '\u200E', '\u200F', ...codePoints(0x202a, 0x202e), ...codePoints(0x2066, 0x2069)];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\uFEFF', '\u180E', '\u00AD'];

describe('free text', () => {
  it.each(CONTROLS.map((character) => [hex(character), character]))(
    'refuses the control character %s anywhere, edges included',
    (_hex, character) => {
      for (const schema of [name, text]) {
        for (const value of [`a${character}b`, `${character}ab`, `ab${character}`]) {
          expect(firstMessage(schema, value)).toBe(
            schema === name ? TextMessages.controlCharacter('Name') : TextMessages.controlCharacter('Text'),
          );
        }
      }
    },
  );

  it.each([...BIDI, ...ZERO_WIDTH].map((character) => [hex(character), character]))(
    'refuses the direction or invisible character %s',
    (_hex, character) => {
      expect(firstMessage(name, `Run${character}ik`)).toBe(TextMessages.hiddenCharacter('Name'));
      expect(firstMessage(text, `Run${character}ik`)).toBe(TextMessages.hiddenCharacter('Text'));
    },
  );

  it('refuses in names what renders as nothing or a box: variation selectors, fillers, private use', () => {
    for (const character of ['\uFE0F', '\u3164', '\u115F', '\u034F', '\uE000', '\u{E0041}']) {
      expect(firstMessage(name, `Runik${character}`)).toBe(TextMessages.hiddenCharacter('Name'));
    }
    // A description may carry an emoji with its presentation selector.
    expect(text.parse('We hold the pass \u2764\uFE0F')).toBe('We hold the pass \u2764\uFE0F');
  });

  it('refuses everywhere the blanks that are no space: U+2800 and the Hangul fillers', () => {
    for (const character of ['\u2800', '\u3164', '\u115F', '\u1160', '\uFFA0']) {
      expect(firstMessage(name, `Runik${character}`)).toBe(TextMessages.hiddenCharacter('Name'));
      expect(firstMessage(name, character.repeat(3))).toBe(TextMessages.hiddenCharacter('Name'));
      expect(firstMessage(text, `We hold${character}the pass`)).toBe(TextMessages.hiddenCharacter('Text'));
    }
  });

  it('lets a description carry emoji ZWJ sequences and subdivision flags, not joiners elsewhere', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    const rainbow = '\u{1F3F3}\uFE0F\u200D\u{1F308}';
    const darkSkinnedFarmer = '\u{1F469}\u{1F3FF}\u200D\u{1F33E}';
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    for (const emoji of [family, rainbow, darkSkinnedFarmer, england]) expect(text.parse(`Us ${emoji}`)).toBe(`Us ${emoji}`);
    for (const value of [`a\u200D\u{1F468}`, `\u{1F468}\u200Da`, `\u{1F468}\u200D`, 'x\u{E0067}\u{E007F}']) {
      expect(firstMessage(text, value)).toBe(TextMessages.hiddenCharacter('Text'));
    }
    // Names take no joiner at all.
    expect(firstMessage(name, `Us ${family}`)).toBe(TextMessages.hiddenCharacter('Name'));
  });

  it('refuses more than 4 combining marks on one character, and keeps the 2-3 that Vietnamese and Devanagari use', () => {
    const stacked = `Z${'\u0301\u0300\u0302\u0303\u0308'}algo`;
    for (const [schema, field] of [
      [name, 'Name'],
      [text, 'Text'],
    ] as const) {
      expect(firstMessage(schema, stacked)).toBe(TextMessages.stackedMarks(field));
      expect(firstMessage(schema, `a${'\u0301'.repeat(300)}`)).toBe(TextMessages.stackedMarks(field));
      // Vietnamese as typed (composed) and decomposed (a base with 2 marks), Devanagari, four marks at most.
      for (const fine of ['Tiếng Việt', 'Tiếng Việt'.normalize('NFD'), 'नमस्ते क्षत्रिय', `e${'\u0301\u0300\u0302\u0303'}`]) {
        expect([fine, firstMessage(schema, fine)]).toEqual([fine, null]);
      }
    }
  });

  it('refuses lone surrogates and keeps paired ones', () => {
    for (const value of ['a\uD800', '\uDC00a', 'a\uDBFFb', '\uDC00\uD800']) {
      expect(firstMessage(name, value)).toBe(TextMessages.brokenText('Name'));
      expect(firstMessage(text, value)).toBe(TextMessages.brokenText('Text'));
    }
    expect(name.parse('Dragons \u{1F409}')).toBe('Dragons \u{1F409}');
  });

  it('normalises names to NFKC with single spaces, so look-alikes are equal', () => {
    expect(name.parse('\uFF32\uFF55\uFF4E\uFF49\uFF4B')).toBe('Runik'); // full-width
    expect(name.parse('Order\u00A0of\u3000the   Pass')).toBe('Order of the Pass');
    expect(name.parse('\uFB01re')).toBe('fire'); // the "fi" ligature
    expect(name.parse('Cafe\u0301')).toBe('Caf\u00E9');
  });

  it('normalises other text to NFC only, keeping compatibility forms as typed', () => {
    expect(text.parse('Cafe\u0301 \uFF32')).toBe('Caf\u00E9 \uFF32');
  });
});
