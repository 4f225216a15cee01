import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ErrorMessages, LoginChallengeResponse, SessionResponse, VerifyLoginRequest } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';
import { NotificationPush } from '../notifications/notification-push';
import { PlayersService } from '../players/players.service';
import { ChallengeService } from './challenge.service';
import { HiveSignerTokenService } from './hivesigner-token.service';
import { PostingSignatureService } from './posting-signature.service';
import { AuthenticatedSession, SessionService } from './session.service';

export type SignedChallenge = Pick<VerifyLoginRequest, 'hiveUsername' | 'challenge' | 'signature' | 'timestamp'>;

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly challenges: ChallengeService,
    private readonly signatures: PostingSignatureService,
    private readonly sessions: SessionService,
    private readonly players: PlayersService,
    private readonly push: NotificationPush,
    private readonly hiveSigner: HiveSignerTokenService,
  ) {}

  /** A challenge for anyone; an unknown player gets it inside a 404 so the client can register free. */
  async loginChallenge(username: string): Promise<LoginChallengeResponse> {
    const challenge = await this.challenges.issue(username);
    if (!(await this.players.findByUsername(username))) throw ApiError.notFound(ErrorMessages.userNotRegistered, { ...challenge });
    return challenge;
  }

  async verifyLogin(request: VerifyLoginRequest): Promise<SessionResponse> {
    await this.assertSignedChallenge(request);
    const player = await this.players.findByUsername(request.hiveUsername);
    if (!player) throw ApiError.notFound(ErrorMessages.userNotRegistered);
    return this.sessions.start(this.dataSource.manager, player.id, player.hiveUsername);
  }

  /** Login through HiveSigner (issue 49): its token checked server-side, then the same session as `verifyLogin`. */
  async hiveSignerLogin(accessToken: string): Promise<SessionResponse> {
    const hiveUsername = await this.hiveSigner.accountOf(accessToken);
    const player = await this.players.findByUsername(hiveUsername);
    if (!player) throw ApiError.notFound(ErrorMessages.userNotRegistered);
    return this.sessions.start(this.dataSource.manager, player.id, player.hiveUsername);
  }

  /** Consumes the challenge first (single use even when the signature is wrong), then checks the signature. */
  async assertSignedChallenge({ hiveUsername, challenge, signature, timestamp }: SignedChallenge): Promise<void> {
    const message = await this.challenges.consume(hiveUsername, challenge, timestamp);
    await this.signatures.assertSignedByPostingKey(hiveUsername, message, signature);
  }

  async logout(session: AuthenticatedSession): Promise<void> {
    await this.sessions.revoke(session);
    this.push.endSession(session.tokenHash);
  }
}
