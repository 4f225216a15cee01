import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { WORKSPACE_ROOT } from './processes';

/**
 * Screenshots compared with committed references (apps/e2e/src/browser/screenshots/<name>.png), so a
 * layout break fails a browser test. With UPDATE_SCREENSHOTS=1 the references are written instead.
 */
export const REFERENCE_DIR = join(WORKSPACE_ROOT, 'apps', 'e2e', 'src', 'browser', 'screenshots');
export const UPDATING_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
/** Where a mismatch leaves the screenshot taken and its diff (cleared by the browser project's globalSetup). */
const MISMATCH_DIR = join(WORKSPACE_ROOT, 'tmp', 'e2e-screenshots');

/** Per pixel: how far two colours may be apart (pixelmatch's 0-1 scale) and still count as the same, antialiasing aside. */
const PIXEL_THRESHOLD = 0.1;
/** Per image: the share of differing pixels a screenshot may have, for rendering noise; a moved block is far more. */
const MAX_DIFFERING_SHARE = 0.005;

/**
 * Compares a PNG screenshot with the reference `name`, or writes it as the reference when updating.
 * Returns what is wrong (a missing reference, another size, too many differing pixels), or null.
 */
export function compareWithReference(name: string, screenshot: Buffer): string | null {
  const referencePath = join(REFERENCE_DIR, `${name}.png`);
  if (UPDATING_SCREENSHOTS) {
    mkdirSync(REFERENCE_DIR, { recursive: true });
    writeFileSync(referencePath, screenshot);
    return null;
  }
  if (!existsSync(referencePath)) {
    return `no reference screenshot ${referencePath}: run the test once with UPDATE_SCREENSHOTS=1 to write it, then commit it`;
  }
  const referenceFile = readFileSync(referencePath);
  // The same bytes are the same pixels: decoding two full-page PNGs and comparing them costs about a CPU-second.
  if (screenshot.equals(referenceFile)) return null;
  const reference = PNG.sync.read(referenceFile);
  const actual = PNG.sync.read(screenshot);
  const keep = () => {
    mkdirSync(MISMATCH_DIR, { recursive: true });
    const actualPath = join(MISMATCH_DIR, `${name}.actual.png`);
    writeFileSync(actualPath, screenshot);
    return actualPath;
  };
  if (reference.width !== actual.width || reference.height !== actual.height) {
    return `${name}: ${actual.width}x${actual.height} pixels, the reference is ${reference.width}x${reference.height} (screenshot: ${keep()})`;
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(reference.data, actual.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
  const share = differing / (actual.width * actual.height);
  if (share <= MAX_DIFFERING_SHARE) return null;
  const actualPath = keep();
  const diffPath = join(MISMATCH_DIR, `${name}.diff.png`);
  writeFileSync(diffPath, PNG.sync.write(diff));
  return (
    `${name}: ${(share * 100).toFixed(2)}% of the pixels differ from the reference (at most ${MAX_DIFFERING_SHARE * 100}%): ` +
    `screenshot ${actualPath}, differences in red ${diffPath}. If the change is intended, run with UPDATE_SCREENSHOTS=1`
  );
}
