/** setTimeout's longest delay (about 24.8 days); an expiry further off is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The heap of expiry times is rebuilt from the live ones when it holds this many more than those. */
const STALE_SLACK = 1024;

/** What SocketExpiries needs of a socket. */
export interface ExpiringSocket {
  disconnect(close: boolean): unknown;
}

/**
 * Disconnects each socket when its session expires, with one timer for all of them, armed for the
 * earliest expiry, instead of a timer and its closures per socket (issue 46: the api's memory per
 * socket). Sockets are kept by their expiry's millisecond (the sockets of one session share it); a
 * min-heap of those milliseconds finds the next one. The moment is the one a timer per socket gave:
 * when the timer fires, every socket whose expiry has come is disconnected, and it is armed again for
 * the next. The caller removes a socket when it disconnects.
 */
export class SocketExpiries<S extends ExpiringSocket> {
  private readonly socketsByExpiry = new Map<number, Set<S>>();
  /** Expiry milliseconds, smallest first; some may have no socket left (removed lazily). */
  private readonly heap: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Infinity;

  constructor(private readonly now: () => number = Date.now) {}

  /** Disconnects the socket at `expiresAtMs` (at once when that has passed). */
  add(socket: S, expiresAtMs: number): void {
    if (expiresAtMs <= this.now()) return void socket.disconnect(true);
    let sockets = this.socketsByExpiry.get(expiresAtMs);
    if (!sockets) {
      sockets = new Set();
      this.socketsByExpiry.set(expiresAtMs, sockets);
      this.push(expiresAtMs);
    }
    sockets.add(socket);
    if (expiresAtMs < this.armedFor) this.arm();
  }

  /** Forgets a socket (it disconnected); its expiry's timer goes with the last socket of the earliest expiry. */
  remove(socket: S, expiresAtMs: number): void {
    const sockets = this.socketsByExpiry.get(expiresAtMs);
    if (!sockets?.delete(socket) || sockets.size > 0) return;
    this.socketsByExpiry.delete(expiresAtMs);
    if (this.heap.length > 2 * this.socketsByExpiry.size + STALE_SLACK) this.rebuild();
    if (expiresAtMs === this.armedFor) this.arm();
  }

  /** How many sockets wait for their expiry (for tests). */
  get size(): number {
    let count = 0;
    for (const sockets of this.socketsByExpiry.values()) count += sockets.size;
    return count;
  }

  private readonly fire = (): void => {
    this.timer = null;
    this.armedFor = Infinity;
    const now = this.now();
    while (this.heap.length > 0 && this.heap[0] <= now) {
      const expiresAtMs = this.pop();
      const sockets = this.socketsByExpiry.get(expiresAtMs);
      if (!sockets) continue;
      this.socketsByExpiry.delete(expiresAtMs);
      for (const socket of sockets) socket.disconnect(true);
    }
    this.arm();
  };

  /** Sets the one timer for the earliest expiry that still has sockets (none when there is none). */
  private arm(): void {
    while (this.heap.length > 0 && !this.socketsByExpiry.has(this.heap[0])) this.pop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = this.heap.length > 0 ? this.heap[0] : Infinity;
    if (this.armedFor === Infinity) return;
    // Unref'd: the sockets' own connections keep the process alive; this timer alone never holds up its exit.
    this.timer = setTimeout(this.fire, Math.min(Math.max(0, this.armedFor - this.now()), MAX_TIMER_MS)).unref();
  }

  private rebuild(): void {
    this.heap.length = 0;
    for (const expiresAtMs of this.socketsByExpiry.keys()) this.push(expiresAtMs);
  }

  private push(value: number): void {
    const heap = this.heap;
    let index = heap.push(value) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (heap[parent] <= value) break;
      heap[index] = heap[parent];
      index = parent;
    }
    heap[index] = value;
  }

  private pop(): number {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop() as number;
    if (heap.length === 0) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heap.length) break;
      const child = left + 1 < heap.length && heap[left + 1] < heap[left] ? left + 1 : left;
      if (heap[child] >= last) break;
      heap[index] = heap[child];
      index = child;
    }
    heap[index] = last;
    return top;
  }
}
