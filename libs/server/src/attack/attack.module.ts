import { Module } from '@nestjs/common';
import { FairRollsModule } from '../fairness/fair-rolls';
import { CityCoreModule } from '../city/city-core.module';
import { GearsModule } from '../gears/gears.module';
import { AttackController } from './attack.controller';
import { AttackService } from './attack.service';
import { PracticeCampController } from './practice-camp.controller';
import { PracticeCampService } from './practice-camp.service';
import { PreviewCache } from './preview-cache';

@Module({
  imports: [CityCoreModule, GearsModule, FairRollsModule],
  controllers: [AttackController, PracticeCampController],
  // One preview cache per process (useFactory: its constructor takes the capacity, not a provider).
  providers: [AttackService, PracticeCampService, { provide: PreviewCache, useFactory: () => new PreviewCache() }],
})
export class AttackModule {}
