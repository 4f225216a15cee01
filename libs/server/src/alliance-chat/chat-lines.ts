import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../core/clock/clock';
import { NotificationPush } from '../notifications/notification-push';
import { CHAT_LINE_COLUMNS, chatLineDto, ChatLineRow } from './chat-line-rows';

/**
 * System lines of the alliance chat (a join, a leave, a kick, a rally, a boss), written by the
 * feature where the thing happens, in its transaction: the line exists exactly when the event does,
 * and reaches the room once that commits. `source` names the cause (`member-joined:3:1700000000000`):
 * one line per cause per alliance, so a job that runs twice writes it once.
 */
@Injectable()
export class AllianceChatLines {
  constructor(
    private readonly push: NotificationPush,
    private readonly clock: Clock,
  ) {}

  async write(manager: EntityManager, allianceId: number, source: string, text: string): Promise<void> {
    const [row]: ChatLineRow[] = await manager.query(
      `WITH line AS (
         INSERT INTO alliance_chat_messages (alliance_id, author_id, text, source, created_at) VALUES ($1, NULL, $2, $3, $4)
         ON CONFLICT (alliance_id, source) WHERE source IS NOT NULL DO NOTHING
         RETURNING id, author_id, text, created_at)
       SELECT ${CHAT_LINE_COLUMNS} FROM line c LEFT JOIN players p ON p.id = c.author_id`,
      [allianceId, text, source, this.clock.now()],
    );
    if (row) this.push.chatLineAfterCommit(manager, { allianceId, ...chatLineDto(row) });
  }
}
