import { Module } from '@nestjs/common';
import { EmissionModule } from '../emission/emission.module';
import { LedgerModule } from '../ledger/ledger.module';
import { CityCoreModule } from './city-core.module';
import { CityController } from './city.controller';
import { ConversionService } from './conversion.service';
import { MilitaryService } from './military.service';

@Module({
  imports: [CityCoreModule, LedgerModule, EmissionModule],
  controllers: [CityController],
  providers: [ConversionService, MilitaryService],
})
export class CityModule {}
