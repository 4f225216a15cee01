import { Global, Module } from '@nestjs/common';
import { HiveEngineClient } from './hive-engine.client';
import { HiveNodeClient } from './hive-node.client';
import { GameAccountTransfers } from './game-account-transfers';

@Global()
@Module({ providers: [HiveNodeClient, HiveEngineClient], exports: [HiveNodeClient, HiveEngineClient] })
export class ChainModule {}

/** What signs and sends the game account's transfers: only the worker imports it, since it needs the active key. */
@Module({ providers: [GameAccountTransfers], exports: [GameAccountTransfers] })
export class GameAccountModule {}
