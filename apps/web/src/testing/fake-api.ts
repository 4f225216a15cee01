import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { hiveEngineClient } from '../api/hive-engine-client';
import { httpClient } from '../api/http-client';

export interface FakeResponse {
  status: number;
  data?: unknown;
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

export type Responder = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

/**
 * Stands in for the API at the axios adapter, below the client's interceptors,
 * so headers and 401 handling run for real. Unknown routes answer 404.
 */
export class FakeApi {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, Responder>();

  on(method: 'GET' | 'POST', url: string, responder: Responder): this {
    this.routes.set(`${method} ${url}`, responder);
    return this;
  }

  callsTo(url: string): RecordedRequest[] {
    return this.requests.filter((request) => request.url === url);
  }

  readonly adapter: AxiosAdapter = async (config) => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: AxiosHeaders.from(config.headers).get('Authorization')?.toString() ?? null,
    };
    this.requests.push(request);
    const responder = this.routes.get(`${request.method} ${request.url}`) ?? {
      status: 404,
      data: { error: `No fake route for ${request.method} ${request.url}` },
    };
    const { status, data } = typeof responder === 'function' ? await responder(request) : responder;
    const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
    if (config.validateStatus && !config.validateStatus(status)) {
      const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${status}`, code, config, null, response);
    }
    return response;
  };
}

/** Answers the game's API and Hive Engine (its routes are full URLs under HIVE_ENGINE_URL). */
export function installFakeApi(): FakeApi {
  const api = new FakeApi();
  httpClient.defaults.adapter = api.adapter;
  hiveEngineClient.defaults.adapter = api.adapter;
  return api;
}

/** A response that never arrives, to look at loading states. */
export function never(): Promise<FakeResponse> {
  return new Promise(() => undefined);
}

/** A body answered with 200, or a responder as it is (a FakeResponse has a numeric status; a purchase status is a word). */
export function responder(value: object): Responder {
  const isResponse = 'status' in value && typeof value.status === 'number';
  return typeof value === 'function' || isResponse ? (value as Responder) : { status: 200, data: value };
}

/** `url` answers `answers` in turn, the last one from then on. */
export function serveInTurn(api: FakeApi, method: 'GET' | 'POST', url: string, ...answers: (object | FakeResponse)[]): void {
  let call = 0;
  api.on(method, url, (request) => {
    const next = answers[Math.min(call, answers.length - 1)];
    call += 1;
    const answer = responder(next);
    return typeof answer === 'function' ? answer(request) : answer;
  });
}
