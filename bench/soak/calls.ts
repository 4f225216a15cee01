import type { AxiosInstance, AxiosResponse } from 'axios';

/** How a response is counted: its status, grouped where the soak does not tell them apart. */
export const STATUS_CLASSES = ['2xx', '400', '401', '403', '404', '409', '429', 'other 4xx', '5xx', 'no answer'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface BadCall {
  action: string;
  request: string;
  status: number | null;
  body: string;
}

function classOf(status: number | null): StatusClass {
  if (status === null) return 'no answer';
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 500) return '5xx';
  const exact = String(status);
  return (STATUS_CLASSES as readonly string[]).includes(exact) ? (exact as StatusClass) : 'other 4xx';
}

/** Every call the bots made, by action and status class, and the calls that break the rules (5xx, an invalid input accepted). */
export class CallLog {
  readonly counts = new Map<string, Record<StatusClass, number>>();
  /** 5xx answers and calls that got no answer at all (socket error, timeout). */
  readonly serverErrors: BadCall[] = [];
  /** Deliberately invalid calls that were not refused with a 4xx. */
  readonly acceptedInvalid: BadCall[] = [];
  invalidCalls = 0;
  /** A few distinct error messages per action and status, to see why calls were refused (--verbose). */
  readonly refusals = new Map<string, Set<string>>();

  record(action: string, request: string, status: number | null, body: unknown, invalid: boolean): void {
    const statusClass = classOf(status);
    let row = this.counts.get(action);
    if (!row) {
      row = Object.fromEntries(STATUS_CLASSES.map((name) => [name, 0])) as Record<StatusClass, number>;
      this.counts.set(action, row);
    }
    row[statusClass] += 1;
    const bad = (): BadCall => ({ action, request, status, body: excerpt(body) });
    if (statusClass === '5xx' || statusClass === 'no answer') this.serverErrors.push(bad());
    if (status !== null && status >= 400 && status < 500) {
      const key = `${action} ${status}`;
      const messages = this.refusals.get(key) ?? new Set<string>();
      const message = (body as { error?: unknown } | null)?.error;
      if (messages.size < 4) messages.add(typeof message === 'string' ? message.replace(/\d[\d.,:]*/g, 'N') : excerpt(body));
      this.refusals.set(key, messages);
    }
    if (invalid) {
      this.invalidCalls += 1;
      if (status === null || status < 400 || status >= 500) this.acceptedInvalid.push(bad());
    }
  }

  total(statusClass?: StatusClass): number {
    let sum = 0;
    for (const row of this.counts.values())
      sum += statusClass ? row[statusClass] : STATUS_CLASSES.reduce((all, name) => all + row[name], 0);
    return sum;
  }
}

function excerpt(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export interface CallOptions {
  /** A deliberately invalid request: it must be refused with a 4xx. */
  invalid?: boolean;
  headers?: Record<string, string>;
  /** Send a string body exactly as given (axios would otherwise re-encode text that is not JSON). */
  raw?: boolean;
}

/**
 * One HTTP call of a bot, recorded under `action`; never throws (a call that got no answer
 * resolves to null).
 */
export async function callApi(
  log: CallLog,
  api: AxiosInstance,
  action: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<AxiosResponse | null> {
  const request = `${method} ${path}`;
  try {
    const response = await api.request({
      method,
      url: path,
      data: body,
      headers: options.headers,
      ...(options.raw ? { transformRequest: [(data: unknown) => data] } : {}),
    });
    log.record(action, request, response.status, response.data, options.invalid ?? false);
    return response;
  } catch (error) {
    log.record(action, request, null, (error as Error).message, options.invalid ?? false);
    return null;
  }
}
