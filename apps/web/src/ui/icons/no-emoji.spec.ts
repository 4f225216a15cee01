import { describe, expect, it } from 'vitest';

/** Emoji and their variation selector: drawn as empty boxes where the system has no emoji font, so the game uses icons. */
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/u;
/** Runic letters: no font a player can be sure to have holds them (issue 35: the pack cards' rune was an empty box); they are drawn. */
const RUNIC = /[\u{16A0}-\u{16FF}]/u;

/** Every source the player's browser receives: the app's code, styles and page, without the tests. */
const SOURCES = import.meta.glob<string>(['/index.html', '/src/**/*.{ts,tsx,css}', '!/src/**/*.spec.{ts,tsx}', '!/src/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the web sources', () => {
  it('are read (the scan below is not empty)', () => {
    expect(Object.keys(SOURCES)).toContain('/src/ui/icons/GameIcon.tsx');
  });

  it.each([
    ['emoji', EMOJI],
    ['runic letters', RUNIC],
  ])('hold no %s', (_name, characters) => {
    const found = Object.entries(SOURCES).flatMap(([path, text]) =>
      text.split('\n').flatMap((line, index) => (characters.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
