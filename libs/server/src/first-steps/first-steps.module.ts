import { Module } from '@nestjs/common';
import { FirstStepsController } from './first-steps.controller';
import { FirstStepsService } from './first-steps.service';

/** The new player's guide (api only): read from what the city, the ledger and the battles store. */
@Module({ controllers: [FirstStepsController], providers: [FirstStepsService] })
export class FirstStepsModule {}
