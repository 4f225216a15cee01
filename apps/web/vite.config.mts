import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'vitest/config';

// Root is this folder whatever the working directory, so `--config apps/web/vite.config.mts`
// works from the repository root and finds index.html, .env.* and src/.
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';
const MOTION_SPECS = 'src/**/*.motion.spec.tsx';

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    // Icons (`~icons/game-icons/<name>`) become React components at build time: none is fetched at run time,
    // and each lands in the chunk of the screen importing it. 1em square, coloured by currentColor.
    Icons({ compiler: 'jsx', jsx: 'react', scale: 1 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The game, and the operators' economy page (served by the api at /admin/economy behind the ops
      // credentials): its own entry, so its chart library never enters the game's bundle.
      input: { game: `${webRoot}index.html`, economy: `${webRoot}admin/economy.html` },
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
    // their own: motion's frame loop is global, and a frame left pending by an earlier file's timers stalls it.
    projects: [
      { extends: true, test: { name: 'web', include: ['src/**/*.spec.{ts,tsx}'], exclude: [MOTION_SPECS], isolate: false } },
      { extends: true, test: { name: 'web-motion', include: [MOTION_SPECS] } },
    ],
  },
});
