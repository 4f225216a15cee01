import { Module } from '@nestjs/common';
import { AllianceChatLines } from './chat-lines';

/** The chat's system lines, for the features whose events they tell (alliance, throne, citadel), in the api and the worker. */
@Module({ providers: [AllianceChatLines], exports: [AllianceChatLines] })
export class AllianceChatLinesModule {}
