import { Module } from '@nestjs/common';
import { AllianceChatController } from './alliance-chat.controller';
import { AllianceChatService } from './alliance-chat.service';
import { AllianceChatRateLimit } from './chat-rate-limit';

/** The alliance chat's HTTP API (api only); its lines go live through NotificationPush and the notifications gateway's rooms. */
@Module({ controllers: [AllianceChatController], providers: [AllianceChatService, AllianceChatRateLimit] })
export class AllianceChatModule {}
