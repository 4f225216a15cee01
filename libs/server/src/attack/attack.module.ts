import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { GearsModule } from '../gears/gears.module';
import { AttackController } from './attack.controller';
import { AttackService } from './attack.service';
import { PracticeCampController } from './practice-camp.controller';
import { PracticeCampService } from './practice-camp.service';

@Module({
  imports: [CityCoreModule, GearsModule],
  controllers: [AttackController, PracticeCampController],
  providers: [AttackService, PracticeCampService],
})
export class AttackModule {}
