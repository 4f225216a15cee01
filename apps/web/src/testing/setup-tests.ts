import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeApi } from './fake-api';
import { openedSockets } from './fake-socket';

// No test opens a real live connection: the page gets fake sockets, which stay disconnected until a
// test connects them.
vi.mock('socket.io-client', async () => (await import('./fake-socket')).fakeSocketIo);

// No test reaches a real server (one may be running on :3000): every route answers 404
// until a test installs its own fake API.
beforeEach(() => {
  installFakeApi();
  openedSockets.length = 0;
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  delete window.hive_keychain;
});
