// `npm run check:bundle` (and one test of `npm test`): builds the web app into a temporary folder and fails
// when its initial JavaScript, what index.html loads before the first screen can show (its module script and
// every modulepreload), is over the budget gzipped. Screens load on first visit (apps/web/src/app/AppRouter.tsx),
// so they are not counted; nor is the operators' economy page (admin/economy.html), an entry of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 20: the app's initial JavaScript, gzipped, in kB of 1000 bytes as Vite reports them. */
const BUDGET_KB = 250;

/** The JavaScript files index.html loads up front: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
function initialScripts(indexHtml) {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  const urls = tags.flatMap((tag) => {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    return (isModuleScript || isPreload) && url ? [url] : [];
  });
  return [...new Set(urls)];
}

const kB = (bytes) => (bytes / 1000).toFixed(2);

/** Prints a table of the initial scripts and their total against the budget; true when within it. */
function report(dir) {
  const scripts = initialScripts(readFileSync(join(dir, 'index.html'), 'utf8'));
  if (scripts.length === 0) {
    console.error('index.html loads no module script: the build is not what this check expects');
    return false;
  }
  const rows = scripts.map((url) => {
    const content = readFileSync(join(dir, url.replace(/^\//, '')));
    return { file: url, raw: content.length, gzip: gzipSync(content).length };
  });
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
  const width = Math.max(...rows.map((row) => row.file.length), 'total'.length);
  const line = (file, raw, gzip) => `${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;
  console.log('\nInitial JavaScript of the web app (what index.html loads), in kB:');
  console.log(line('file', 'raw', 'gzip'));
  for (const row of rows) console.log(line(row.file, kB(row.raw), kB(row.gzip)));
  console.log(line('total', kB(total.raw), kB(total.gzip)));
  const within = total.gzip <= BUDGET_KB * 1000;
  const verdict = within ? 'within' : 'OVER';
  console.log(`\n${kB(total.gzip)} kB gzip: ${verdict} the budget of ${BUDGET_KB} kB`);
  if (!within)
    console.error("Split the code that is not needed by the first screen into the screens' chunks (AppRouter.tsx loads each lazily).");
  return within;
}

const workspace = resolve(import.meta.dirname, '..');
// Never apps/web/dist: other runs may be building or serving there.
const outDir = mkdtempSync(join(tmpdir(), 'runik-bundle-size-'));
try {
  const build = spawnSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'apps/web/vite.config.mts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: workspace, stdio: 'inherit' },
  );
  if (build.status !== 0) console.error(`the web build failed (exit code ${build.status})`);
  process.exitCode = build.status === 0 && report(outDir) ? 0 : 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
