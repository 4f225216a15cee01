import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { GearsModule } from '../gears/gears.module';
import { AttackController } from './attack.controller';
import { AttackService } from './attack.service';

@Module({ imports: [CityCoreModule, GearsModule], controllers: [AttackController], providers: [AttackService] })
export class AttackModule {}
