import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { PlayersModule } from '../players/players.module';
import { RegistrationFees } from './registration-fees';
import { RegistrationController } from './registration.controller';
import { Registration } from './registration.entity';
import { RegistrationService } from './registration.service';

@Module({
  imports: [TypeOrmModule.forFeature([Registration]), AuthModule, PlayersModule],
  controllers: [RegistrationController],
  providers: [RegistrationService, RegistrationFees],
})
export class RegistrationModule {}
