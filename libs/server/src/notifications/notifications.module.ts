import { Global, Module } from '@nestjs/common';
import { NotificationPush } from './notification-push';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { Notifier } from './notifier';

/** The Notifier every feature writes through, and the inbox, in the api and the worker alike (part of CoreModule). */
@Global()
@Module({ providers: [Notifier, NotificationPush, NotificationsService], exports: [Notifier, NotificationPush, NotificationsService] })
export class NotifierModule {}

/** The inbox's HTTP API (api only). */
@Module({ controllers: [NotificationsController] })
export class NotificationsModule {}
