import { SocketExpiries } from './socket-expiries';

/** A socket that records when it was disconnected, and leaves the expiries as the gateway's listener does. */
function fakeSocket(expiries: () => SocketExpiries<ReturnType<typeof fakeSocket>>, expiresAtMs: number) {
  const socket = {
    disconnectedAt: null as number | null,
    disconnect(close: boolean) {
      expect(close).toBe(true);
      if (socket.disconnectedAt !== null) throw new Error('disconnected twice');
      socket.disconnectedAt = Date.now();
      expiries().remove(socket, expiresAtMs);
    },
  };
  return socket;
}

describe('SocketExpiries', () => {
  let expiries: SocketExpiries<ReturnType<typeof fakeSocket>>;
  const start = Date.UTC(2026, 0, 1);
  const socketAt = (offsetMs: number) => {
    const socket = fakeSocket(() => expiries, start + offsetMs);
    expiries.add(socket, start + offsetMs);
    return socket;
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: start });
    expiries = new SocketExpiries();
  });
  afterEach(() => jest.useRealTimers());

  it('disconnects each socket at its own expiry, in any order of arrival, with one timer', () => {
    const late = socketAt(5_000);
    const early = socketAt(1_000);
    const sameSession = [socketAt(3_000), socketAt(3_000)];
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(999);
    expect(early.disconnectedAt).toBeNull();
    jest.advanceTimersByTime(1);
    expect(early.disconnectedAt).toBe(start + 1_000);
    jest.advanceTimersByTime(2_000);
    expect(sameSession.map((socket) => socket.disconnectedAt)).toEqual([start + 3_000, start + 3_000]);
    expect(late.disconnectedAt).toBeNull();
    jest.advanceTimersByTime(2_000);
    expect(late.disconnectedAt).toBe(start + 5_000);
    expect(expiries.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('forgets a socket that disconnected, and its timer with the last socket', () => {
    const gone = socketAt(1_000);
    const stays = socketAt(2_000);
    expiries.remove(gone, start + 1_000);
    jest.advanceTimersByTime(1_000);
    expect(gone.disconnectedAt).toBeNull();
    expiries.remove(stays, start + 2_000);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(5_000);
    expect(stays.disconnectedAt).toBeNull();
  });

  it('disconnects at once a socket whose session has already ended', () => {
    const ended = socketAt(0);
    expect(ended.disconnectedAt).toBe(start);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('waits past setTimeout’s longest delay for a session that long', () => {
    const month = 30 * 24 * 3600_000;
    const socket = socketAt(month);
    jest.advanceTimersByTime(month - 1);
    expect(socket.disconnectedAt).toBeNull();
    jest.advanceTimersByTime(1);
    expect(socket.disconnectedAt).toBe(start + month);
  });

  it('keeps the moments right through many sockets coming and going', () => {
    const sockets = Array.from({ length: 3_000 }, (_, index) => ({
      offset: 1_000 + ((index * 7_919) % 5_000),
      socket: socketAt(1_000 + ((index * 7_919) % 5_000)),
    }));
    for (const [index, { offset, socket }] of sockets.entries()) if (index % 3 === 0) expiries.remove(socket, start + offset);
    jest.advanceTimersByTime(10_000);
    for (const [index, { offset, socket }] of sockets.entries())
      expect(socket.disconnectedAt).toBe(index % 3 === 0 ? null : start + offset);
  });
});
