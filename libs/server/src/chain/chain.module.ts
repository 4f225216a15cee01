import { Global, Module } from '@nestjs/common';
import { HiveEngineClient } from './hive-engine.client';
import { HiveNodeClient } from './hive-node.client';

@Global()
@Module({ providers: [HiveNodeClient, HiveEngineClient], exports: [HiveNodeClient, HiveEngineClient] })
export class ChainModule {}
