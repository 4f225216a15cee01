import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { WalletModule } from '../wallet/wallet.module';
import { HealthController } from './health.controller';

@Module({ imports: [TerminusModule, WalletModule], controllers: [HealthController] })
export class HealthModule {}
