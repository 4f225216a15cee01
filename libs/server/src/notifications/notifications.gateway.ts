import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type Redis from 'ioredis';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { ErrorMessages, PAYMENT_WATCH_MS, SOCKET_PATH, transactionIdSchema } from '@runik/contract';
import { CLEAR_PLANTED_SESSION_COOKIE, sessionCookieValues, wellFormedToken } from '../auth/session-cookie';
import { AuthenticatedSession, SessionService } from '../auth/session.service';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { isSameOrigin } from '../core/http/origin';
import { REDIS } from '../core/redis/redis.module';
import { SocketExpiries } from './socket-expiries';
import { SocketLimits } from './socket-limits';
import { allianceRoom, paymentRoom, playerRoom, sessionRoom } from './socket-rooms';

/** Clients only listen: no message of theirs needs more than this. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** A transport connection admitted but never opened (a failed upgrade) gives its address's place back after this. */
const PENDING_TRANSPORT_MS = 10_000;
/** How long a closed WebSocket may wait for the client's closing answer before its TCP connection is ended. */
const CLOSE_GRACE_MS = 1_000;

/** The handshake's request, while its transport place is pending: the address that holds it, and the timer giving it back. */
type CountedRequest = IncomingMessage & { runikTransportAddress?: string; runikTransportPending?: NodeJS.Timeout };
/** An engine.io connection, as far as the limits use it; `runikTransportAddress`: the address whose place it holds. */
interface EngineConnection {
  request: CountedRequest;
  runikTransportAddress?: string;
  transport?: { socket?: { terminate?: () => void } };
  on(event: 'close', listener: (this: EngineConnection) => void): void;
}
/** What an admitted player's socket keeps for its disconnection (socket.data). */
interface SessionSocketData {
  sessionId: number;
  expiresAtMs: number;
}

/**
 * The inbox and the alliance chat, live (api only): a socket gets in with a valid session and joins its player's
 * room, its alliance's and its session's (a visitor's socket may watch one payment instead: watchPayment); what
 * reaches those rooms comes from NotificationPush, through Redis, from any api replica or the worker. Refusals
 * arrive as `connect_error` with the API's error message.
 * Limits (SocketLimits): transport connections per address, handshakes per minute per address and per
 * session, sockets per session; a connection that has not joined within SOCKET_AUTH_TIMEOUT_MS is
 * closed, and a socket is disconnected when its session expires (logout: NotificationPush.endSession).
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: MAX_MESSAGE_BYTES })
export class NotificationsGateway implements OnGatewayInit<Server> {
  private readonly logger = new Logger(NotificationsGateway.name);
  private readonly limits: SocketLimits;
  /** One timer for every socket's session expiry. */
  private readonly expiries = new SocketExpiries<Socket>();
  /**
   * The one 'disconnect' listener of every admitted player's socket (`this`: the socket), giving back its session's
   * place and forgetting its expiry: one function for all, not closures per socket (issue 46: memory per socket).
   */
  private readonly releaseSessionSocket: (this: Socket) => void;

  constructor(
    private readonly sessions: SessionService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.limits = new SocketLimits(redis, config);
    const { limits, expiries } = this;
    this.releaseSessionSocket = function (this: Socket) {
      const { sessionId, expiresAtMs } = this.data as SessionSocketData;
      limits.releaseSessionSocket(sessionId);
      expiries.remove(this, expiresAtMs);
    };
  }

  afterInit(server: Server): void {
    // Not joined (authenticated) in time: the transport connection is closed.
    server.connectTimeout(this.config.SOCKET_AUTH_TIMEOUT_MS);
    this.limitTransports(server);
    // Two session cookies are refused below; the transport's first answer clears the planted one (partitioned:
    // the api never sets one), so the client's next connection carries the player's alone.
    server.engine.on('initial_headers', (headers: Record<string, string | string[]>, request: IncomingMessage) => {
      if (sessionCookieValues(request.headers.cookie).length > 1) headers['Set-Cookie'] = CLEAR_PLANTED_SESSION_COOKIE;
    });
    // A middleware, so the rooms are joined before the client hears it is connected.
    server.use((socket, next) => {
      this.admit(socket).then(
        (refusal) => next(refusal === null ? undefined : new Error(refusal)),
        (error: Error) => {
          this.logger.warn(`Socket handshake failed: ${error.message}`);
          next(new Error(ErrorMessages.serviceUnavailable));
        },
      );
    });
  }

  /**
   * At most SOCKET_CONNECTIONS_PER_ADDRESS transport connections per client address on this replica:
   * engine.io's allowRequest takes a place for a new connection (refused: 403 before any buffer or
   * socket state is kept), and the connection gives it back when it closes. The place's address moves from
   * the request to the connection, and the listeners are functions shared by every connection, not closures.
   */
  private limitTransports(server: Server): void {
    const engine = server.engine;
    const limits = this.limits;
    const releasePending = (request: CountedRequest) => {
      if (request.runikTransportAddress === undefined) return;
      limits.releaseTransport(request.runikTransportAddress);
      request.runikTransportAddress = undefined;
    };
    function releaseOnClose(this: EngineConnection) {
      if (this.runikTransportAddress === undefined) return;
      limits.releaseTransport(this.runikTransportAddress);
      this.runikTransportAddress = undefined;
    }
    engine.opts.allowRequest = (request, callback) => {
      const address = limits.addressOf(request);
      if (!limits.takeTransport(address)) return callback(ErrorMessages.tooManyRequests, false);
      const counted = request as CountedRequest;
      counted.runikTransportAddress = address;
      counted.runikTransportPending = setTimeout(releasePending, PENDING_TRANSPORT_MS, counted).unref();
      callback(null, true);
    };
    engine.on('connection', (connection: EngineConnection) => {
      const request = connection.request;
      if (request.runikTransportAddress !== undefined) {
        clearTimeout(request.runikTransportPending);
        connection.runikTransportAddress = request.runikTransportAddress;
        request.runikTransportAddress = request.runikTransportPending = undefined;
        connection.on('close', releaseOnClose);
      }
      connection.on('close', terminateAfterGrace);
    });
  }

  /** Joins the socket to its rooms; or the reason it may not connect. */
  private async admit(socket: Socket): Promise<string | null> {
    if (!(await this.limits.handshakeAllowedFromAddress(this.limits.addressOf(socket.request)))) return ErrorMessages.tooManyRequests;
    if (socket.handshake.auth.payment !== undefined) return this.watchPayment(socket);
    const session = await this.sessionOf(socket);
    if (typeof session === 'string') return session;
    if (!(await this.limits.handshakeAllowedForSession(session.sessionId))) return ErrorMessages.tooManyRequests;
    if (!this.limits.takeSessionSocket(session.sessionId)) return ErrorMessages.tooManySockets;
    try {
      await socket.join([playerRoom(session.playerId), sessionRoom(session.tokenHash)]);
      await this.joinAllianceRoom(socket, session.playerId);
    } catch (error) {
      this.limits.releaseSessionSocket(session.sessionId);
      throw error;
    }
    // Disconnected when its session's lifetime ends (a revoked session's sockets go at logout).
    const data: SessionSocketData = { sessionId: session.sessionId, expiresAtMs: new Date(session.expiresAt).getTime() };
    Object.assign(socket.data, data);
    socket.on('disconnect', this.releaseSessionSocket);
    this.expiries.add(socket, data.expiresAtMs);
    return null;
  }

  /**
   * Joins the room of the player's alliance, read after the socket is in its player's room: a join,
   * leave or kick committed later moves it there (NotificationPush.moveSockets). One committed
   * between the read and the room's join would be missed, so the membership is read again until it
   * holds still: a kicked member's new socket never stays in the room (alliance chat).
   */
  private async joinAllianceRoom(socket: Socket, playerId: number): Promise<void> {
    let joined: number | null = null;
    for (;;) {
      const [membership]: { alliance_id: string }[] = await this.dataSource.query(
        `SELECT alliance_id FROM alliance_members WHERE player_id = $1`,
        [playerId],
      );
      const allianceId = membership ? Number(membership.alliance_id) : null;
      if (allianceId === joined) return;
      if (joined !== null) await socket.leave(allianceRoom(joined));
      if (allianceId !== null) await socket.join(allianceRoom(allianceId));
      joined = allianceId;
    }
  }

  /**
   * A visitor's socket for one payment (activation, before any login): it joins that payment's room
   * alone, hears no more than the public transaction-status route tells, and closes after PAYMENT_WATCH_MS.
   */
  private async watchPayment(socket: Socket): Promise<string | null> {
    const transactionId = transactionIdSchema.safeParse(socket.handshake.auth.payment);
    if (!transactionId.success) return ErrorMessages.invalidPaymentWatch;
    await socket.join(paymentRoom(transactionId.data));
    const timer = setTimeout(() => socket.disconnect(true), PAYMENT_WATCH_MS);
    socket.once('disconnect', () => clearTimeout(timer));
    return null;
  }

  /**
   * The token a client passes (`auth: { token }`), else the web app's HttpOnly cookie, which counts
   * only from a page of this origin: another site's page may open a WebSocket to us, and browsers
   * send it our cookie when that page is same-site (SameSite does not tell origins apart). Two session
   * cookies are refused, as over HTTP: one was planted beside the player's, and neither can be trusted.
   */
  private async sessionOf(socket: Socket): Promise<AuthenticatedSession | string> {
    const { auth, headers } = socket.handshake;
    let token: unknown = auth.token;
    if (token === undefined) {
      const cookies = sessionCookieValues(headers.cookie);
      if (cookies.length === 0) return ErrorMessages.sessionRequired;
      if (!fromThisOrigin(headers, this.limits.schemeOf(socket.request))) return ErrorMessages.foreignOrigin;
      if (cookies.length > 1) return ErrorMessages.twoSessionCookies;
      token = cookies[0];
    }
    const wellFormed = wellFormedToken(token);
    return (wellFormed && (await this.sessions.authenticate(wellFormed))) || ErrorMessages.sessionInvalid;
  }
}

/**
 * A connection's 'close' listener. Closed by the server (not joined within connectTimeout, a session ended): a
 * WebSocket's polite close waits up to 30 s for the client's answer, holding its TCP connection; a second is enough.
 */
function terminateAfterGrace(this: EngineConnection): void {
  setTimeout(terminate, CLOSE_GRACE_MS, this).unref();
}

function terminate(connection: EngineConnection): void {
  connection.transport?.socket?.terminate?.();
}

/**
 * Whether the handshake comes from a page of this origin (scheme, host and port). Browsers send Origin
 * with every WebSocket handshake, but not with a same-origin long-polling GET: for that one,
 * Sec-Fetch-Site, which browsers set and pages cannot.
 */
function fromThisOrigin(headers: IncomingHttpHeaders, scheme: string): boolean {
  return headers.origin === undefined ? headers['sec-fetch-site'] === 'same-origin' : isSameOrigin(headers.origin, scheme, headers.host);
}
