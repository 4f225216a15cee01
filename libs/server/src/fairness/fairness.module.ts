import { Module } from '@nestjs/common';
import { FairnessController } from './fairness.controller';
import { FairnessService } from './fairness.service';

/** Provably fair rolls (api): the player's seed pairs and their revealed rolls (docs/fairness.md). */
@Module({ controllers: [FairnessController], providers: [FairnessService] })
export class FairnessModule {}
