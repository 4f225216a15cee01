import { act } from '@testing-library/react';

type Listener = (...args: unknown[]) => void;

/**
 * Stands in for a socket.io-client Socket at the module boundary (setup-tests mocks 'socket.io-client'
 * with `fakeSocketIo`): it records how it was opened and lets a test play the server's side.
 */
export class FakeSocket {
  connected = false;
  closed = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly options: unknown) {}

  on(event: string, listener: Listener): this {
    const listeners = this.listeners.get(event) ?? new Set();
    listeners.add(listener);
    this.listeners.set(event, listeners);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** The page closes the socket (in an effect's cleanup: no act() around it). */
  disconnect(): this {
    this.closed = true;
    if (this.connected) {
      this.connected = false;
      this.listeners.get('disconnect')?.forEach((listener) => listener('io client disconnect'));
    }
    return this;
  }

  /** The server accepts the handshake (again, after a drop). */
  acceptConnection(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The connection drops (server restart, network). */
  dropConnection(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** The server emits `event` to this socket. */
  serverEmits(event: string, ...args: unknown[]): void {
    this.fire(event, ...args);
  }

  private fire(event: string, ...args: unknown[]): void {
    act(() => this.listeners.get(event)?.forEach((listener) => listener(...args)));
  }
}

/** Every socket the page opened since the test began, oldest first. */
export const openedSockets: FakeSocket[] = [];

/** The newest socket the page opened. */
export function currentSocket(): FakeSocket {
  const socket = openedSockets.at(-1);
  if (!socket) throw new Error('The page opened no socket');
  return socket;
}

export const fakeSocketIo = {
  io: (options: unknown) => {
    const socket = new FakeSocket(options);
    openedSockets.push(socket);
    return socket;
  },
};
