import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeApi } from './fake-api';
import { openedSockets } from './fake-socket';
import { installMatchMedia, setReducedMotion } from './reduced-motion';

// findBy* and waitFor wait up to 5 s for what a test expects (Testing Library's default: 1 s): a wide margin over
// the few milliseconds a render takes alone, as npm test runs this beside the system tests on 2 cores.
configure({ asyncUtilTimeout: 5000 });

// No test opens a real live connection: the page gets fake sockets, which stay disconnected until a
// test connects them.
vi.mock('socket.io-client', async () => (await import('./fake-socket')).fakeSocketIo);

// No test reaches a real server (one may be running on :3000): every route answers 404
// until a test installs its own fake API.
beforeEach(() => {
  installFakeApi();
  openedSockets.length = 0;
});

// The game asks through its own dialog and tells through toasts: a browser dialog fails the test.
beforeEach(() => {
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    vi.spyOn(window, name).mockImplementation(() => {
      throw new Error(`window.${name} was called: use the game's ConfirmDialog (ui/ConfirmDialog.tsx) or a toast`);
    });
  }
});

// Tests read what an action ends on: animations end at once unless a test turns motion on
// (setReducedMotion(false)) to watch one play.
installMatchMedia();
beforeEach(() => setReducedMotion(true));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Motion's frame loop is global: a frame still pending on fake timers would be dropped with them, and the
  // loop, believing a frame is on its way, would never start another animation. Let pending frames run first.
  for (let round = 0; vi.isFakeTimers() && vi.getTimerCount() > 0 && round < 10; round++) vi.runOnlyPendingTimers();
  vi.useRealTimers();
  localStorage.clear();
  delete window.hive_keychain;
});
