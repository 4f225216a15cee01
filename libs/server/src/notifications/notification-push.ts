import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import {
  ALLIANCE_CHANGED_EVENT,
  ALLIANCE_CHAT_DELETED_EVENT,
  ALLIANCE_CHAT_EVENT,
  NOTIFICATION_EVENT,
  PAYMENT_SEEN_EVENT,
} from '@runik/contract';
import type { AllianceChatDeletedEvent, AllianceChatEvent, NotificationDto, PaymentSeenEvent } from '@runik/contract';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { allianceRoom, paymentRoom, playerRoom, sessionRoom, socketChannelKey } from './socket-rooms';

export interface PlayerNotification {
  playerId: number;
  notification: NotificationDto;
}

/** A payment's transfer the chain follower recorded: its payer (null when no player sent it) hears it. */
export interface SeenPayment {
  transactionId: string;
  playerId: number | null;
}

const PENDING = 'runik:pendingPushes';
/** How long an action waits at most for Redis to take its room moves (NotificationPush.sent). */
const SENT_WAIT_MS = 2_000;

/**
 * Pushes stored notifications to the players' sockets through Redis (`@socket.io/redis-emitter`),
 * from the api and the worker alike, only once the transaction that wrote them has committed: a
 * push never announces what was rolled back. A push lost on the way (Redis down, process killed
 * after the commit) costs nothing: the client catches up from the REST list when it reconnects.
 */
@Injectable()
export class NotificationPush implements EntitySubscriberInterface, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(NotificationPush.name);
  private readonly redis: Redis;
  private readonly emitter: Emitter;
  /** The last PUBLISH handed to Redis: commands on one connection run in order, so once it is done all before it are. */
  private lastPublish: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // Fails fast while Redis is down rather than queueing pushes nobody will wait for.
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    this.redis.on('error', () => undefined);
    void this.redis.connect().catch(() => undefined);
    // The emitter fires PUBLISH and forgets it; a refused one is logged here instead of crashing the process.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        (this.lastPublish = this.redis
          .publish(channel, message)
          .catch((error: Error) => this.logger.warn(`Push not sent: ${error.message}`))),
    };
    this.emitter = new Emitter(publisher, { key: socketChannelKey(config) });
  }

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Pushes now, or when the transaction `manager` runs in commits. */
  afterCommit(manager: EntityManager, notifications: PlayerNotification[]): void {
    if (notifications.length > 0) this.onCommit(manager, () => this.publish(notifications));
  }

  /** A line of an alliance's chat, to the alliance's room, now or when the transaction that wrote it commits. */
  chatLineAfterCommit(manager: EntityManager, line: AllianceChatEvent): void {
    this.onCommit(manager, () => this.emitter.to(allianceRoom(line.allianceId)).emit(ALLIANCE_CHAT_EVENT, line));
  }

  /** The leader deleted a line: the room's clients drop it. */
  chatLineDeleted(event: AllianceChatDeletedEvent): void {
    this.emitter.to(allianceRoom(event.allianceId)).emit(ALLIANCE_CHAT_DELETED_EVENT, event);
  }

  /**
   * Resolves once Redis has taken every push and room move sent so far (or refused it: logged). A
   * leave or kick answers only after this, so its sockets' leaving the room reaches every replica
   * before any chat line sent after the answer (one Redis, whose PUBLISHes every subscriber hears in order).
   */
  async sent(): Promise<void> {
    // A Redis that hangs (no error, no answer) must not hold the action's answer: nothing is delivered meanwhile anyway.
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, SENT_WAIT_MS)));
    await Promise.race([this.lastPublish, givenUp]);
    clearTimeout(timer);
  }

  /**
   * Tells each payment's payer, and a visitor watching it (activation), that the chain follower
   * recorded its transfer (the step `seen`), once the transaction recording it commits.
   */
  paymentsSeen(manager: EntityManager, payments: SeenPayment[]): void {
    if (payments.length === 0) return;
    this.onCommit(manager, () => {
      for (const { transactionId, playerId } of payments) {
        const event: PaymentSeenEvent = { transactionId };
        const rooms = playerId === null ? [paymentRoom(transactionId)] : [paymentRoom(transactionId), playerRoom(playerId)];
        this.emitter.to(rooms).emit(PAYMENT_SEEN_EVENT, event);
      }
    });
  }

  /** Tells the alliance's sockets that their alliance changed (members joined or left): they refresh it. */
  allianceChanged(allianceId: number): void {
    this.emitter.to(allianceRoom(allianceId)).emit(ALLIANCE_CHANGED_EVENT, { allianceId });
  }

  /** A player joined or left an alliance: their open sockets join or leave its room. */
  moveSockets(playerId: number, change: { join?: number; leave?: number }): void {
    if (change.leave !== undefined) this.emitter.in(playerRoom(playerId)).socketsLeave(allianceRoom(change.leave));
    if (change.join !== undefined) this.emitter.in(playerRoom(playerId)).socketsJoin(allianceRoom(change.join));
  }

  /** A session ended (logout): its sockets, on whichever api replica, are disconnected. */
  endSession(tokenHash: string): void {
    this.emitter.in(sessionRoom(tokenHash)).disconnectSockets(true);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A released savepoint is not a commit: wait for the outermost transaction.
    if (event.queryRunner.isTransactionActive) return;
    for (const push of takePending(event.queryRunner)) push();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) takePending(event.queryRunner);
  }

  private onCommit(manager: EntityManager, push: () => void): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) pendingOf(runner).push(push);
    else push();
  }

  /** A confirmed registration also reaches the visitor watching its payment: it was paid before any login. */
  private publish(notifications: PlayerNotification[]): void {
    for (const { playerId, notification } of notifications) {
      const rooms =
        notification.kind === 'registration-confirmed'
          ? [playerRoom(playerId), paymentRoom(notification.data.transactionId)]
          : [playerRoom(playerId)];
      this.emitter.to(rooms).emit(NOTIFICATION_EVENT, notification);
    }
  }
}

/** The pushes waiting for the transaction's commit, in the order they were asked for. */
function pendingOf(runner: QueryRunner): (() => void)[] {
  const data = runner.data as Record<string, (() => void)[] | undefined>;
  return (data[PENDING] ??= []);
}

function takePending(runner: QueryRunner): (() => void)[] {
  const data = runner.data as Record<string, (() => void)[] | undefined>;
  const pending = data[PENDING] ?? [];
  delete data[PENDING];
  return pending;
}
