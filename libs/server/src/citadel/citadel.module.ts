import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { LedgerModule } from '../ledger/ledger.module';
import { CitadelController } from './citadel.controller';
import { CitadelService } from './citadel.service';

@Module({ imports: [CityCoreModule, LedgerModule], controllers: [CitadelController], providers: [CitadelService] })
export class CitadelModule {}
