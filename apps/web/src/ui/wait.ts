/**
 * Ends a poll's wait early when a push says the answer is ready: the wait running now, or the next one
 * as soon as it starts when the push came while no wait ran (a check in flight).
 */
export class Waker {
  private early = false;
  private end: (() => void) | null = null;

  wake(): void {
    if (this.end) this.end();
    else this.early = true;
  }

  /** Lets `end` finish the wait starting now; false (the wake used up) when one came before it. */
  hold(end: () => void): boolean {
    if (this.early) {
      this.early = false;
      return false;
    }
    this.end = end;
    return true;
  }

  release(): void {
    this.end = null;
  }
}

/**
 * Resolves after `ms`, or at once when `waker` wakes it; rejects with the signal's reason as soon as
 * it aborts (a closed popup, an unmounted page).
 */
export function wait(ms: number, signal: AbortSignal, waker?: Waker): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      waker?.release();
      settle();
    };
    const onAbort = () => finish(() => reject(signal.reason));
    const timer = setTimeout(() => finish(resolve), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    if (waker && !waker.hold(() => finish(resolve))) finish(resolve);
  });
}
