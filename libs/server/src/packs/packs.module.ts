import { Module } from '@nestjs/common';
import { FairRollsModule } from '../fairness/fair-rolls';
import { LedgerModule } from '../ledger/ledger.module';
import { PacksController } from './packs.controller';
import { PacksService } from './packs.service';

@Module({ imports: [LedgerModule, FairRollsModule], controllers: [PacksController], providers: [PacksService] })
export class PacksModule {}
