import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { GearsModule } from '../gears/gears.module';
import { LedgerModule } from '../ledger/ledger.module';
import { TradingController } from './trading.controller';
import { TradingService } from './trading.service';

@Module({ imports: [CityCoreModule, GearsModule, LedgerModule], controllers: [TradingController], providers: [TradingService] })
export class TradingModule {}
