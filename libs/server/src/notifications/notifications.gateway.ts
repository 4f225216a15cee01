import fastifyCookie from '@fastify/cookie';
import { Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingHttpHeaders } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { ErrorMessages, SOCKET_PATH } from '@runik/contract';
import { SESSION_COOKIE, wellFormedToken } from '../auth/session-cookie';
import { AuthenticatedSession, SessionService } from '../auth/session.service';
import { hostOfOrigin } from '../core/http/origin';
import { allianceRoom, playerRoom, sessionRoom } from './socket-rooms';

/** Clients only listen: no message of theirs needs more than this. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * The inbox, live (api only): a socket gets in with a valid session and joins its player's room, its
 * alliance's and its session's; what reaches those rooms comes from NotificationPush, through Redis,
 * from any api replica or the worker. Refusals arrive as `connect_error` with the API's error message.
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: MAX_MESSAGE_BYTES })
export class NotificationsGateway implements OnGatewayInit<Server> {
  private readonly logger = new Logger(NotificationsGateway.name);

  constructor(
    private readonly sessions: SessionService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  afterInit(server: Server): void {
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

  /** Joins the socket to its rooms; or the reason it may not connect. */
  private async admit(socket: Socket): Promise<string | null> {
    const session = await this.sessionOf(socket.handshake);
    if (typeof session === 'string') return session;
    const [membership]: { alliance_id: string }[] = await this.dataSource.query(`SELECT alliance_id FROM alliance_members WHERE player_id = $1`, [
      session.playerId,
    ]);
    const rooms = [playerRoom(session.playerId), sessionRoom(session.tokenHash)];
    if (membership) rooms.push(allianceRoom(Number(membership.alliance_id)));
    await socket.join(rooms);
    return null;
  }

  /**
   * The token a client passes (`auth: { token }`), else the web app's HttpOnly cookie, which counts
   * only from a page of this site: another site's page may open a WebSocket to us, and browsers
   * send it our cookie when that page is same-site (SameSite does not tell origins apart).
   */
  private async sessionOf({ auth, headers }: Socket['handshake']): Promise<AuthenticatedSession | string> {
    let token: unknown = auth.token;
    if (token === undefined) {
      token = headers.cookie === undefined ? undefined : fastifyCookie.parse(headers.cookie)[SESSION_COOKIE];
      if (token === undefined) return ErrorMessages.sessionRequired;
      if (!fromThisSite(headers)) return ErrorMessages.foreignOrigin;
    }
    const wellFormed = wellFormedToken(token);
    return (wellFormed && (await this.sessions.authenticate(wellFormed))) || ErrorMessages.sessionInvalid;
  }
}

/**
 * Whether the handshake comes from a page of this host. Browsers send Origin with every WebSocket
 * handshake, but not with a same-origin long-polling GET: for that one, Sec-Fetch-Site, which
 * browsers set and pages cannot.
 */
function fromThisSite(headers: IncomingHttpHeaders): boolean {
  return headers.origin === undefined ? headers['sec-fetch-site'] === 'same-origin' : hostOfOrigin(headers.origin) === headers.host;
}
