import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationPush } from './notification-push';
import { NotificationsController } from './notifications.controller';
import { NotificationsGateway } from './notifications.gateway';
import { NotificationsService } from './notifications.service';
import { Notifier } from './notifier';

/** The Notifier every feature writes through, and the inbox, in the api and the worker alike (each imports it beside CoreModule). */
@Global()
@Module({ providers: [Notifier, NotificationPush, NotificationsService], exports: [Notifier, NotificationPush, NotificationsService] })
export class NotifierModule {}

/** The inbox's HTTP API and its Socket.IO gateway (api only: the worker pushes through Redis and listens for no one). */
@Module({ imports: [AuthModule], controllers: [NotificationsController], providers: [NotificationsGateway] })
export class NotificationsModule {}
