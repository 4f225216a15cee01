import { ThroneAlarm } from '../throne/throne-alarm';

/** The wake-ups a Throne War asks for, recorded instead of queued (the worker's queue is not under test). */
export class RecordingAlarm extends ThroneAlarm {
  readonly wakes: string[] = [];
  constructor() {
    super(null as never, null as never);
  }
  override async wakeAt(at: Date): Promise<void> {
    this.wakes.push(at.toISOString());
  }
}
