import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// Root is this folder whatever the working directory, so `--config apps/web/vite.config.mts`
// works from the repository root and finds index.html, .env.* and src/.
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';
/**
 * Files whose module state must be their own (see `projects` below): the motion specs, and What's next, whose first
 * test, run after some other files in the same worker, saw its panel's reads answered (the calls were made) and never
 * rendered (three full runs out of four, never alone; the cause in the shared state is not found yet).
 */
const OWN_MODULE_SPECS = ['src/**/*.motion.spec.tsx', 'src/app/whats-next/whats-next.spec.tsx'];

/**
 * The modules the entries (index.html, admin/economy.html) reach by static imports, found at buildEnd: never put in
 * the screens' shared chunk, or the first load would import it (`build.rolldownOptions.output.codeSplitting`).
 */
const firstLoadModules = new Set<string>();

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    {
      name: 'runik-first-load-modules',
      apply: 'build',
      buildEnd() {
        firstLoadModules.clear();
        const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        const visit = (id: string) => {
          if (firstLoadModules.has(id)) return;
          firstLoadModules.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        entries.forEach(visit);
      },
    },
    // Production builds name the HiveAuth server (.env.production): a build without one would offer a login that
    // cannot work (docs/decisions.md, issue 49).
    {
      name: 'runik-require-hiveauth-url',
      configResolved(config) {
        if (config.mode === 'production' && config.command === 'build' && !config.env['VITE_HIVEAUTH_URL']) {
          throw new Error('VITE_HIVEAUTH_URL is required in production builds (the HiveAuth server, e.g. wss://hive-auth.arcange.eu/)');
        }
      },
    },
    // Icons (`~icons/game-icons/<name>`) become React components at build time: none is fetched at run time,
    // and each lands in the chunk of the screen importing it. 1em square, coloured by currentColor.
    Icons({ compiler: 'jsx', jsx: 'react', scale: 1 }),
    // The installable app (docs/decisions.md, "Installable web app"): manifest.webmanifest and sw.js, made at build
    // time by Workbox. The worker precaches the hashed bundles and the icons, and fetches pages network-first (the
    // precached index.html only when the network fails), so a deploy's new HTML and bundle names are seen at once.
    // /api, /socket.io and the ops pages match no route of it: they always go to the network.
    VitePWA({
      // Registered by src/main.tsx, in built pages only (no inline script: the CSP forbids them).
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Runik',
        short_name: 'Runik',
        description: 'Build your city, train troops and conquer on the Hive blockchain.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#14110f',
        theme_color: '#14110f',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The icons come in through includeAssets and the manifest's own list.
        globPatterns: ['**/*.{js,css,html,woff2}'],
        // The operators' economy page and its chart library are no part of the game's shell.
        globIgnores: ['admin/**', '**/economy-*'],
        // "/" is not answered from the precache (cache first): pages come from the route below.
        directoryIndex: null,
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // The page that installed it is served by it at once (its later screens' chunks, offline too).
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|admin|socket\.io|metrics)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'runik-pages', precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The game, and the operators' economy page (served by the api at /admin/economy behind the ops
      // credentials): its own entry, so its chart library never enters the game's bundle.
      input: { game: `${webRoot}index.html`, economy: `${webRoot}admin/economy.html` },
      // Issue 50, item 5: what two or more lazy chunks share goes into one `screens` chunk, not one chunk per set of
      // screens sharing it (the City fetched 26 JavaScript and 8 CSS files beyond the first load, 11 and 2 with it;
      // on HTTP/1.1's six connections its reads waited behind them). What one screen alone needs stays in its
      // chunk. Safe without following dependencies: a shared module's imports are shared too (in this chunk) or
      // reached from an entry (in the first load's chunks or rolldown's own), so no chunk of those imports this one
      // and no module runs before one it needs (docs/decisions.md, "Every screen's time to usable").
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'screens',
              test: (id) => !firstLoadModules.has(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 4200,
    proxy: {
      '/api': apiServer,
      '/admin': apiServer,
      // WebSockets too; the Host stays the page's, as the api's Origin check for the session cookie expects.
      '/socket.io': { target: apiServer, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Wide margins, not bets on the machine's speed: npm test runs this beside the system tests on 2 cores, where a
    // test that takes 0.5 s alone can take several (Vitest's defaults: 5 s a test, 10 s a hook).
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files share one jsdom and one module cache per worker (a quarter of the time: no environment, setup and
    // imports per file). Files that watch an animation play (`*.motion.spec.tsx`, setReducedMotion(false)) get
    // their own: motion's frame loop is global, and a frame left pending by an earlier file's timers stalls it. So does
    // What's next (OWN_MODULE_SPECS).
    projects: [
      { extends: true, test: { name: 'web', include: ['src/**/*.spec.{ts,tsx}'], exclude: OWN_MODULE_SPECS, isolate: false } },
      { extends: true, test: { name: 'web-own-modules', include: OWN_MODULE_SPECS } },
    ],
  },
});
