import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  ALLIANCE_CHAT_EVENT,
  ALLIANCE_CHAT_MUTE_MINUTES,
  ALLIANCE_CHAT_RATE_LIMIT,
  ALLIANCE_CHAT_RETENTION_DAYS,
  ALLIANCE_CHAT_TEXT_MAX,
  allianceChatDeleteSchema,
  allianceChatMuteSchema,
  allianceChatParamsSchema,
  allianceChatQuerySchema,
  allianceChatReadSchema,
  allianceChatSendSchema,
  allianceChatUnmuteSchema,
  emptyBodySchema,
} from '@runik/contract';
import type {
  AllianceChatActionResponse,
  AllianceChatDeleteRequest,
  AllianceChatMuteRequest,
  AllianceChatQuery,
  AllianceChatReadRequest,
  AllianceChatResponse,
  AllianceChatSendRequest,
  AllianceChatSendResponse,
  AllianceChatUnmuteRequest,
  AllianceChatUnreadResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { AllianceChatService } from './alliance-chat.service';

/** The player's alliance's chat; the session guard has checked that `{username}` is the session's player. */
@Controller('alliance/chat')
export class AllianceChatController {
  constructor(private readonly chat: AllianceChatService) {}

  @Get(':username')
  @ApiOperation({
    summary: "A page of the alliance's chat",
    description:
      `Newest first; \`limit\` (1-100, default 50), \`cursor\` the previous page's \`nextCursor\`. Kept ${ALLIANCE_CHAT_RETENTION_DAYS} days. ` +
      `System lines have \`author: null\`. New lines arrive live as the \`${ALLIANCE_CHAT_EVENT}\` Socket.IO event.`,
  })
  history(
    @Param(new ZodPipe(allianceChatParamsSchema)) _params: unknown,
    @Query(new ZodPipe(allianceChatQuerySchema)) query: AllianceChatQuery,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceChatResponse> {
    return this.chat.history(session.playerId, query);
  }

  @Post(':username')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends a message to the alliance chat',
    description:
      `\`{ text }\`: one line of at most ${ALLIANCE_CHAT_TEXT_MAX} characters, no control, direction or invisible characters ` +
      `(emoji sequences allowed). ${ALLIANCE_CHAT_RATE_LIMIT.messages} messages per ${ALLIANCE_CHAT_RATE_LIMIT.windowSeconds} s per player ` +
      '(429 with `retryAfterSeconds`); a muted member is refused (403). `@name` notifies that member.',
  })
  send(
    @Param(new ZodPipe(allianceChatParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(allianceChatSendSchema)) { text }: AllianceChatSendRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceChatSendResponse> {
    return this.chat.send(session.playerId, text);
  }

  @Get(':username/unread')
  @ApiOperation({ summary: "How many lines of others the player has not read (0 outside an alliance): the navbar's count" })
  unread(
    @Param(new ZodPipe(allianceChatParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceChatUnreadResponse> {
    return this.chat.unread(session.playerId);
  }

  @Post(':username/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks the chat read up to `upTo` (a message id)', description: 'Answers the unread count.' })
  markRead(
    @Param(new ZodPipe(allianceChatParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(allianceChatReadSchema)) { upTo }: AllianceChatReadRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceChatUnreadResponse> {
    return this.chat.markRead(session.playerId, upTo);
  }

  @Post(':username/delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'The leader deletes a line of the chat', description: '`{ messageId }`.' })
  delete(
    @Param(new ZodPipe(allianceChatParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(allianceChatDeleteSchema)) { messageId }: AllianceChatDeleteRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceChatActionResponse> {
    return this.chat.delete(session.playerId, messageId);
  }

  @Post(':username/mute')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The leader mutes a member in the chat',
    description: `\`{ targetUsername, minutes }\`, minutes one of ${ALLIANCE_CHAT_MUTE_MINUTES.join(', ')}.`,
  })
  mute(
    @Param(new ZodPipe(allianceChatParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(allianceChatMuteSchema)) body: AllianceChatMuteRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceChatActionResponse> {
    return this.chat.mute(session.playerId, body);
  }

  @Post(':username/unmute')
  @HttpCode(200)
  @ApiOperation({ summary: "The leader lifts a member's mute", description: '`{ targetUsername }`.' })
  unmute(
    @Param(new ZodPipe(allianceChatParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(allianceChatUnmuteSchema)) { targetUsername }: AllianceChatUnmuteRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceChatActionResponse> {
    return this.chat.unmute(session.playerId, targetUsername);
  }
}
