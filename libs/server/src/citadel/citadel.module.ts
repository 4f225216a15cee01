import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { EmissionModule } from '../emission/emission.module';
import { LedgerModule } from '../ledger/ledger.module';
import { CitadelController } from './citadel.controller';
import { CitadelService } from './citadel.service';

@Module({ imports: [CityCoreModule, LedgerModule, EmissionModule], controllers: [CitadelController], providers: [CitadelService] })
export class CitadelModule {}
