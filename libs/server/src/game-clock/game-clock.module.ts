import { Module } from '@nestjs/common';
import { GameClockController } from './game-clock.controller';
import { GameClockSync } from './game-clock-sync';

/**
 * The game clock shared by the processes (development and tests): every process's `Clock` follows the offset
 * stored in PostgreSQL. The api and the worker import it; the worker catches up on a move (apps/worker).
 */
@Module({ providers: [GameClockSync], exports: [GameClockSync] })
export class GameClockModule {}

/** The operators' route that moves it (api only): GET and POST /api/admin/clock. */
@Module({ imports: [GameClockModule], controllers: [GameClockController] })
export class GameClockAdminModule {}
