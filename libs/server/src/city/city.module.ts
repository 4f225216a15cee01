import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { CityService } from './city.service';

@Module({ imports: [LedgerModule], providers: [CityService], exports: [CityService] })
export class CityModule {}
