import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { CityTransactions } from './city-transactions';
import { CityService } from './city.service';

/** City state and its transactions, without HTTP: what player creation (api and worker) needs. */
@Module({ imports: [LedgerModule], providers: [CityTransactions, CityService], exports: [CityTransactions, CityService] })
export class CityCoreModule {}
