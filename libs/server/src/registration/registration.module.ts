import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { PlayersModule } from '../players/players.module';
import { RegistrationFees } from './registration-fees';
import { LateActivationController } from './late-activation.controller';
import { RegistrationController } from './registration.controller';
import { Registration } from './registration.entity';
import { RegistrationService } from './registration.service';

@Module({
  imports: [TypeOrmModule.forFeature([Registration]), AuthModule, PlayersModule],
  controllers: [RegistrationController, LateActivationController],
  providers: [RegistrationService, RegistrationFees],
})
export class RegistrationModule {}
