import { Module } from '@nestjs/common';
import { TreasuryService } from '../wallet/treasury.service';
import { EmissionBudget } from './emission-budget';

/** The daily emission budget, for every feature that mints withdrawable RUNIK (api and worker; the worker sizes it). */
@Module({ providers: [EmissionBudget, TreasuryService], exports: [EmissionBudget] })
export class EmissionModule {}
