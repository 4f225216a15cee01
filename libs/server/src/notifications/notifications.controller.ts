import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import {
  emptyBodySchema,
  markNotificationsReadSchema,
  NOTIFICATION_RETENTION_DAYS,
  notificationsParamsSchema,
  notificationsQuerySchema,
} from '@runik/contract';
import type {
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationsQuery,
  NotificationsResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { NotificationsService } from './notifications.service';

/** The player's inbox; the session guard has checked that `{username}` is the session's player. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get(':username')
  @ApiOperation({
    summary: "The player's notifications",
    description:
      `Newest first; \`limit\` (1-100, default 20) a page, \`cursor\` the previous page's \`nextCursor\`, \`kind\` a comma-separated ` +
      `filter. Kept ${NOTIFICATION_RETENTION_DAYS} days. The same objects arrive live as the \`notification\` Socket.IO event.`,
  })
  @ApiOkResponse({ description: '`{ notifications: [{ id, kind, createdAt, readAt, data }], unreadCount, nextCursor }`' })
  list(
    @Param(new ZodPipe(notificationsParamsSchema)) _params: unknown,
    @Query(new ZodPipe(notificationsQuerySchema)) query: NotificationsQuery,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<NotificationsResponse> {
    return this.notifications.list(session.playerId, query);
  }

  @Post(':username/read')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Marks notifications read',
    description: "`{ ids: [...] }` (up to 100 of the player's own) or `{ all: true }`. Answers the unread count.",
  })
  markRead(
    @Param(new ZodPipe(notificationsParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(markNotificationsReadSchema)) body: MarkNotificationsReadRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<MarkNotificationsReadResponse> {
    return this.notifications.markRead(session.playerId, body);
  }
}
