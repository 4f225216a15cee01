import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChainModule, CoreModule, LedgerModule, LedgerService, NotifierModule, PlayersModule } from '@runik/server';
import { Session } from '../libs/server/src/auth/session.entity';
import { SessionService } from '../libs/server/src/auth/session.service';
import { PlayersService } from '../libs/server/src/players/players.service';

export interface SeededPlayer {
  username: string;
  playerId: number;
  /** A real bearer token, made by SessionService.start (random, stored as its SHA-256). */
  token: string;
}

/**
 * The api's own players module and session service, with its core (config, PostgreSQL, Redis);
 * not the whole AuthModule, whose controllers and guards need the api's throttler.
 */
@Module({
  imports: [CoreModule, ChainModule, NotifierModule, PlayersModule, LedgerModule, TypeOrmModule.forFeature([Session])],
  providers: [SessionService],
})
class SeedModule {}

export interface SeedOptions {
  /** Registrations at once (4: more do not help). */
  concurrency?: number;
  /** 'paid' as a confirmed paid registration leaves the player (trading needs it); 'free' by default. */
  activation?: 'free' | 'paid';
  /** RUNIK (thousandths) each player gets from the mint, as one balanced ledger posting in the same transaction. */
  runik?: number;
}

/**
 * Seeds players through the server's own code rather than SQL of our own: in a Nest application
 * context built from the api's modules, each player is one transaction of PlayersService.register
 * (player row, ledger account, city, starting resources minted as balanced ledger postings) and
 * SessionService.start, exactly what free registration does once the signature is checked (a paid
 * registration once its payment is confirmed, with `activation: 'paid'`).
 *
 * Why not one bulk SQL: the real code seeds the 1,128 players in about 8 s on 2 cores (about 36
 * statements each), a fifth of the run, and it cannot drift from what registration really writes
 * (rows, ledger entries, balances) nor from the services' constructors; one bulk SQL would save
 * seconds but duplicate the ledger's rules. Registrations run 4 at a time (more do not help: they
 * serialize on the mint account's balance rows, which every registration updates).
 *
 * `env` is the api's configuration (DATABASE_URL, REDIS_PREFIX, ...), read from process.env as the
 * api reads it; it is set only while the context starts.
 */
export async function seedPlayers(usernames: string[], env: Record<string, string>, options: SeedOptions = {}): Promise<SeededPlayer[]> {
  const { concurrency = 4, activation = 'free', runik = 0 } = options;
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  const app = await NestFactory.createApplicationContext(SeedModule, { logger: ['error', 'warn'], abortOnError: false }).finally(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  try {
    const dataSource = app.get(DataSource);
    const players = app.get(PlayersService);
    const sessions = app.get(SessionService);
    const ledger = app.get(LedgerService);
    const seeded: SeededPlayer[] = new Array(usernames.length);
    let next = 0;
    const worker = async () => {
      while (next < usernames.length) {
        const index = next++;
        seeded[index] = await dataSource.transaction(async (manager) => {
          const player = await players.register(manager, usernames[index], '', activation);
          const playerId = Number(player.id);
          if (runik > 0) {
            await ledger.post(manager, {
              reason: 'test-grant',
              reference: `player:${playerId}`,
              legs: [
                { account: { system: 'system:mint' }, asset: 'runik', delta: -runik },
                { account: { playerId }, asset: 'runik', delta: runik },
              ],
            });
          }
          const { token } = await sessions.start(manager, player.id, player.hiveUsername);
          return { username: player.hiveUsername, playerId, token };
        });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return seeded;
  } finally {
    await app.close();
  }
}
