import { Module } from '@nestjs/common';
import { QuestProgress } from './quest-progress';

/** Quest progress alone, for every feature whose actions a quest counts (the city's core among them). */
@Module({ providers: [QuestProgress], exports: [QuestProgress] })
export class QuestProgressModule {}
