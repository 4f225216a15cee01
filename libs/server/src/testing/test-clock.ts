import { Clock } from '../core/clock/clock';

/** The one clock every service under test reads, moved by the tests. */
export class TestClock extends Clock {
  private at: number;

  constructor(iso: string) {
    super();
    this.at = Date.parse(iso);
  }

  set(iso: string | Date): void {
    this.at = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  }

  override now(): Date {
    return new Date(this.at);
  }

  override nowMs(): number {
    return this.at;
  }

  /** A service test's one time: the chain's instants are compared with it too. */
  override machineNowMs(): number {
    return this.at;
  }
}
