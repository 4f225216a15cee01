import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlayersModule } from '../players/players.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { ChallengeService } from './challenge.service';
import { HiveSignerTokenService } from './hivesigner-token.service';
import { PostingSignatureService } from './posting-signature.service';
import { Session } from './session.entity';
import { SessionGuard } from './session.guard';
import { SessionService } from './session.service';

@Module({
  imports: [TypeOrmModule.forFeature([Session]), PlayersModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    ChallengeService,
    HiveSignerTokenService,
    PostingSignatureService,
    SessionService,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [AuthService, SessionService],
})
export class AuthModule {}
