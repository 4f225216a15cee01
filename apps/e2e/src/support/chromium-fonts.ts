import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { WORKSPACE_ROOT } from './processes';

/**
 * The fonts and font settings of the Chromium that runs the browser tests (issue 45): its fontconfig is
 * support/fonts.conf, so neither the machine's fonts nor its font settings (/etc/fonts, the user's own) change a
 * page's pixels or widths. Its only fonts are the app's own, the Regular of each face, as TrueType: Chromium's
 * FreeType reads no WOFF2, and with WOFF alone it drew no text at all.
 */
export const CHROMIUM_FONT_DIR = join(WORKSPACE_ROOT, 'tmp', 'e2e-fonts');
const APP_FACES = ['inter', 'cinzel', 'jetbrains-mono'];

/** Chromium's environment: this process's, with the tests' own fontconfig. */
export function chromiumEnv(): NodeJS.ProcessEnv {
  return { ...process.env, FONTCONFIG_FILE: join(__dirname, 'fonts.conf') };
}

/** Writes the app's faces as TrueType into CHROMIUM_FONT_DIR (the browser project's global setup, once per run). */
export function writeChromiumFonts(): void {
  mkdirSync(CHROMIUM_FONT_DIR, { recursive: true });
  for (const face of APP_FACES) {
    const woff = readFileSync(join(WORKSPACE_ROOT, 'node_modules', '@fontsource', face, 'files', `${face}-latin-400-normal.woff`));
    writeFileSync(join(CHROMIUM_FONT_DIR, `${face}.ttf`), sfntOfWoff(woff));
  }
}

const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

/** The font a WOFF 1.0 file wraps (its tables, each zlib-compressed unless that saved nothing), as an sfnt (TrueType/OpenType). */
export function sfntOfWoff(woff: Buffer): Buffer {
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const [offset, storedLength, length] = [entry + 4, entry + 8, entry + 12].map((at) => woff.readUInt32BE(at));
    const stored = woff.subarray(offset, offset + storedLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: storedLength < length ? inflateSync(stored) : stored,
    };
  });
  // The offset table's binary-search fields, from the largest power of two not above the table count.
  const searchPower = 2 ** Math.floor(Math.log2(tableCount));
  const header = Buffer.alloc(SFNT_HEADER_BYTES + tableCount * SFNT_ENTRY_BYTES);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(tableCount, 4);
  header.writeUInt16BE(searchPower * SFNT_ENTRY_BYTES, 6);
  header.writeUInt16BE(Math.log2(searchPower), 8);
  header.writeUInt16BE((tableCount - searchPower) * SFNT_ENTRY_BYTES, 10);
  let offset = header.length;
  const bodies = tables.map(({ tag, checksum, data }, index) => {
    const entry = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    header.writeUInt32BE(tag, entry);
    header.writeUInt32BE(checksum, entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(data.length, entry + 12);
    // Each table starts on a 4-byte boundary.
    const body = Buffer.alloc(Math.ceil(data.length / 4) * 4);
    data.copy(body);
    offset += body.length;
    return body;
  });
  return Buffer.concat([header, ...bodies]);
}
