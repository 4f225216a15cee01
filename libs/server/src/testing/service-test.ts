import { DataSource } from 'typeorm';
import type { Troops } from '@runik/rules';
import { CityService } from '../city/city.service';
import { CityTransactions } from '../city/city-transactions';
import type { AppConfig } from '../core/config/app-config';
import { dataSourceOptions } from '../database';
import { EmissionBudget } from '../emission/emission-budget';
import { LedgerService } from '../ledger/ledger.service';
import { Player } from '../players/player.entity';
import { PlayersService } from '../players/players.service';
import { QuestProgress } from '../quests/quest-progress';
import { testEmission } from './test-emission';
import { testNotifier } from './test-notifier';
import { TestClock } from './test-clock';
import { createTestDatabase, TestDatabase } from './test-database';
import { newTestPlayer } from './test-players';

export interface ServiceTestOptions {
  /** The clock every service reads, moved by the test (its own, so services may be built before the database). */
  clock: TestClock;
  /** Connections in the pool: as many as the test's concurrent transactions (races). */
  poolSize?: number;
  /** Settings as environment variables (validated as at start), e.g. the emission budget's. */
  env?: Record<string, string>;
}

export interface ServicePlayerOptions {
  army?: Partial<Troops>;
  activation?: 'free' | 'paid';
  /** RUNIK thousandths minted to the player. */
  runik?: number;
}

/**
 * What a service test (a feature's rules below HTTP, on a real database) builds on: a database of
 * its own cloned from the migrated template, the clock every service reads, the ledger and city
 * services a feature's service takes, and registered players. The feature's services are built on
 * these with their constructors, so a test sees exactly what it wires:
 *
 *   const clock = new TestClock('2026-03-01T10:00:00Z');
 *   let t: ServiceTest;
 *   beforeAll(async () => (t = await createServiceTest({ clock })));
 *   afterAll(() => t?.close());
 */
export interface ServiceTest {
  database: TestDatabase;
  dataSource: DataSource;
  clock: TestClock;
  ledger: LedgerService;
  cities: CityTransactions;
  cityService: CityService;
  /** Quest progress, as every service whose actions a quest counts takes it. */
  quests: QuestProgress;
  config: AppConfig;
  /** The emission budget, sized from what `setTreasuryRnk` says the game account holds (the chain's side is hive-sim's in the system tests). */
  emission: EmissionBudget;
  /** Registration and activation (an activation draws its release from `emission`). */
  players: PlayersService;
  setTreasuryRnk(thousandths: number | null): void;
  /** A registered player (player row, ledger account, starting city) with the given army and RUNIK. */
  newPlayer(username: string, options?: ServicePlayerOptions): Promise<number>;
  close(): Promise<void>;
}

export async function createServiceTest({ clock, poolSize = 10, env = {} }: ServiceTestOptions): Promise<ServiceTest> {
  const database = await createTestDatabase();
  const dataSource = await new DataSource(dataSourceOptions(database.url, { max: poolSize })).initialize();
  const ledger = new LedgerService(clock);
  const cities = new CityTransactions(dataSource, ledger, clock);
  const quests = new QuestProgress(testNotifier(clock));
  const cityService = new CityService(dataSource, cities, clock, quests);
  const { config, emission, setTreasuryRnk } = testEmission(dataSource, clock, env);
  const newPlayer = async (username: string, { army, activation = 'free', runik = 0 }: ServicePlayerOptions = {}) => {
    const playerId = await newTestPlayer({ dataSource, ledger, cityService, clock }, username, army);
    if (activation !== 'free')
      await dataSource.query(`UPDATE players SET activation = $2, activated_at = $3 WHERE id = $1`, [playerId, activation, clock.now()]);
    if (runik > 0) await dataSource.transaction((manager) => cities.mint(manager, playerId, { runik }, 'test-grant'));
    return playerId;
  };
  const close = async () => {
    await dataSource.destroy();
    await database.drop();
  };
  const players = new PlayersService(dataSource.getRepository(Player), config, ledger, cityService, emission, clock);
  return { database, dataSource, clock, ledger, cities, cityService, quests, config, emission, players, setTreasuryRnk, newPlayer, close };
}
