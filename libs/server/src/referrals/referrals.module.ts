import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Player } from '../players/player.entity';
import { ReferralsController } from './referrals.controller';
import { ReferralsService } from './referrals.service';

@Module({ imports: [TypeOrmModule.forFeature([Player])], controllers: [ReferralsController], providers: [ReferralsService] })
export class ReferralsModule {}
