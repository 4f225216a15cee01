import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { PacksController } from './packs.controller';
import { PacksService } from './packs.service';

@Module({ imports: [LedgerModule], controllers: [PacksController], providers: [PacksService] })
export class PacksModule {}
