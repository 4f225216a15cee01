import type { IncomingMessage } from 'node:http';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * A stand-in for a HiveAuth server (HAS, protocol 1) for development and tests: it relays requests between apps and
 * wallets (PKSAs) over one websocket, as wss://hive-auth.arcange.eu does, never reading their encrypted payloads.
 *
 * - On connection: `{ cmd: 'connected', timeout, protocol }` (the timeout in seconds).
 * - An app's `auth_req`, `sign_req` or `challenge_req` `{ account, data }` gets `<kind>_wait { uuid, expire, account }`
 *   and is handed (with its uuid and expiry) to every wallet registered for the account, now or later until it expires.
 * - A wallet's `register { accounts: [{ name }] }` gets `register_ack` and the account's waiting requests.
 * - A wallet's `<kind>_ack`, `<kind>_nack` or `<kind>_err` `{ uuid, ... }` goes to the app that asked, once: an unknown,
 *   answered or expired uuid gets `{ cmd: 'error', error }` (a replayed or late answer reaches no app).
 * - An app's `attach_req { uuid }` (after a reconnect) moves the request's answers to its new socket.
 */
export interface HiveAuthServerOptions {
  /** How long a request waits for its wallet, in milliseconds (HAS: 60 s by default). */
  timeoutMs: number;
  now: () => number;
}

const KINDS = ['auth', 'sign', 'challenge'] as const;
type Kind = (typeof KINDS)[number];

interface PendingRequest {
  uuid: string;
  kind: Kind;
  account: string;
  expire: number;
  /** The request as wallets get it. */
  message: Record<string, unknown>;
  app: WebSocket;
}

export const HIVEAUTH_PATH = '/hiveauth';

export const HiveAuthErrors = {
  unknownRequest: 'unknown or already answered request',
  expired: 'request expired',
  invalid: 'invalid message',
} as const;

export class HiveAuthServer {
  private readonly sockets = new WebSocketServer({ noServer: true });
  private readonly pending = new Map<string, PendingRequest>();
  /** Wallets by the accounts they registered. */
  private readonly wallets = new Map<string, Set<WebSocket>>();

  constructor(private readonly options: HiveAuthServerOptions) {
    this.sockets.on('connection', (socket) => this.connected(socket));
  }

  /** Serves the websocket at `HIVEAUTH_PATH` on `server` (the sim's first node). */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, stream: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://sim').pathname !== HIVEAUTH_PATH) return;
      this.sockets.handleUpgrade(request, stream, head, (socket) => this.sockets.emit('connection', socket, request));
    });
  }

  close(): Promise<void> {
    for (const socket of this.sockets.clients) socket.terminate();
    return new Promise((resolve) => this.sockets.close(() => resolve()));
  }

  private connected(socket: WebSocket): void {
    send(socket, { cmd: 'connected', server: 'hive-sim', timeout: Math.round(this.options.timeoutMs / 1000), protocol: 1 });
    socket.on('message', (raw) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(String(raw)) as Record<string, unknown>;
      } catch {
        return send(socket, { cmd: 'error', error: HiveAuthErrors.invalid });
      }
      this.received(socket, message);
    });
    socket.on('close', () => {
      for (const wallets of this.wallets.values()) wallets.delete(socket);
    });
  }

  private received(socket: WebSocket, message: Record<string, unknown>): void {
    this.forgetOld();
    const cmd = typeof message['cmd'] === 'string' ? message['cmd'] : '';
    const [kind, step] = cmd.split('_') as [Kind, string];
    if (cmd === 'register') return this.register(socket, message);
    if (cmd === 'attach_req') return this.attachApp(socket, message);
    if (!KINDS.includes(kind)) return send(socket, { cmd: 'error', error: HiveAuthErrors.invalid });
    if (step === 'req') return this.request(socket, kind, message);
    if (step === 'ack' || step === 'nack' || step === 'err') return this.answer(socket, kind, message);
    send(socket, { cmd: 'error', error: HiveAuthErrors.invalid });
  }

  private request(app: WebSocket, kind: Kind, message: Record<string, unknown>): void {
    const account = message['account'];
    if (typeof account !== 'string' || typeof message['data'] !== 'string') {
      return send(app, { cmd: `${kind}_err`, error: HiveAuthErrors.invalid });
    }
    const uuid = randomUUID();
    const expire = this.options.now() + this.options.timeoutMs;
    const forwarded = { ...message, uuid, expire };
    this.pending.set(uuid, { uuid, kind, account, expire, message: forwarded, app });
    send(app, { cmd: `${kind}_wait`, uuid, expire, account });
    for (const wallet of this.wallets.get(account) ?? []) send(wallet, forwarded);
  }

  private register(wallet: WebSocket, message: Record<string, unknown>): void {
    const accounts = Array.isArray(message['accounts']) ? message['accounts'] : [];
    const names = accounts.map((entry) => (entry as { name?: unknown })?.name).filter((name): name is string => typeof name === 'string');
    if (names.length === 0) return send(wallet, { cmd: 'register_nack', error: HiveAuthErrors.invalid });
    for (const name of names) {
      const registered = this.wallets.get(name) ?? new Set<WebSocket>();
      registered.add(wallet);
      this.wallets.set(name, registered);
    }
    send(wallet, { cmd: 'register_ack', accounts: names });
    const now = this.options.now();
    for (const request of this.pending.values()) {
      if (names.includes(request.account) && request.expire > now) send(wallet, request.message);
    }
  }

  private answer(wallet: WebSocket, kind: Kind, message: Record<string, unknown>): void {
    const uuid = message['uuid'];
    const request = typeof uuid === 'string' ? this.pending.get(uuid) : undefined;
    if (!request || request.kind !== kind) return send(wallet, { cmd: 'error', uuid, error: HiveAuthErrors.unknownRequest });
    this.pending.delete(request.uuid);
    if (request.expire <= this.options.now()) return send(wallet, { cmd: 'error', uuid, error: HiveAuthErrors.expired });
    send(request.app, message);
  }

  private attachApp(app: WebSocket, message: Record<string, unknown>): void {
    const uuid = message['uuid'];
    const request = typeof uuid === 'string' ? this.pending.get(uuid) : undefined;
    if (!request) return send(app, { cmd: 'attach_nack', uuid, error: HiveAuthErrors.unknownRequest });
    request.app = app;
    send(app, { cmd: 'attach_ack', uuid });
  }

  /** Requests expired for a whole timeout more are forgotten (until then, a late answer is told it expired). */
  private forgetOld(): void {
    const now = this.options.now();
    for (const [uuid, request] of this.pending) if (request.expire + this.options.timeoutMs <= now) this.pending.delete(uuid);
  }
}

function send(socket: WebSocket, message: Record<string, unknown>): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}
