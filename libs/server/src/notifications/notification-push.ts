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
import { ALLIANCE_CHANGED_EVENT, NOTIFICATION_EVENT, PAYMENT_SEEN_EVENT } from '@runik/contract';
import type { NotificationDto, PaymentSeenEvent } from '@runik/contract';
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

const PENDING = 'runik:pendingNotifications';

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
        this.redis.publish(channel, message).catch((error: Error) => this.logger.warn(`Push not sent: ${error.message}`)),
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
    this.whenCommitted(manager, () => this.publish(notifications));
  }

  /**
   * Tells each payment's payer, and a visitor watching it (activation), that the chain follower
   * recorded its transfer (the step `seen`), once the transaction recording it commits.
   */
  paymentsSeen(manager: EntityManager, payments: SeenPayment[]): void {
    if (payments.length === 0) return;
    this.whenCommitted(manager, () => {
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

  private whenCommitted(manager: EntityManager, push: () => void): void {
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

type PendingPush = () => void;

function pendingOf(runner: QueryRunner): PendingPush[] {
  const data = runner.data as Record<string, PendingPush[] | undefined>;
  return (data[PENDING] ??= []);
}

function takePending(runner: QueryRunner): PendingPush[] {
  const data = runner.data as Record<string, PendingPush[] | undefined>;
  const pending = data[PENDING] ?? [];
  delete data[PENDING];
  return pending;
}
