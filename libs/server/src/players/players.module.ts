import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CityCoreModule } from '../city/city-core.module';
import { EmissionModule } from '../emission/emission.module';
import { LedgerModule } from '../ledger/ledger.module';
import { Player } from './player.entity';
import { PlayersService } from './players.service';

@Module({
  imports: [TypeOrmModule.forFeature([Player]), LedgerModule, CityCoreModule, EmissionModule],
  providers: [PlayersService],
  exports: [PlayersService],
})
export class PlayersModule {}
