import type { PoolConfig } from 'pg';
import { DataSourceOptions } from 'typeorm';
import { Session } from './auth/session.entity';
import { installArmyPowerSql } from './city/army-power-sql';
import { applyMigrations, connectionOptions, GeneratedSql } from './core/database/data-source';
import { Player } from './players/player.entity';
import { Registration } from './registration/registration.entity';

/**
 * What the features contribute to the database, gathered for what runs without Nest (the migration runner,
 * service tests, system-test support, benchmarks). The api and the worker get the same from the feature
 * modules themselves (`TypeOrmModule.forFeature`, `CityCoreModule`'s start-up), so `core/` names no feature.
 */
export const entities = [Player, Session, Registration];

/** SQL generated from the rules this build runs (the stored army power), installed after the migrations. */
const generatedSql: GeneratedSql[] = [installArmyPowerSql];

/** A DataSource's options with every feature's entities (`pool`: a test's or a tool's own, instead of the processes'). */
export function dataSourceOptions(databaseUrl: string, pool?: PoolConfig): DataSourceOptions {
  return connectionOptions(databaseUrl, entities, pool);
}

/** Applies pending migrations, then the SQL generated from the rules; used by `npm start`, the test setup and deployments. */
export function runMigrations(databaseUrl: string): Promise<string[]> {
  return applyMigrations(databaseUrl, generatedSql);
}
