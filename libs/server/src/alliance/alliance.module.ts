import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { AllianceController } from './alliance.controller';
import { AllianceService } from './alliance.service';

@Module({ imports: [LedgerModule], controllers: [AllianceController], providers: [AllianceService], exports: [AllianceService] })
export class AllianceModule {}
