import { randomBytes } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sql } from 'kysely';
import { rollSeed, seedCommitment } from '@runik/rules';
import { Clock } from '../core/clock/clock';
import { db, firstRow, rows } from '../core/database/sql';

/** One roll's inputs: the seed pair (its row) and the nonce it took, and the 32-bit seed derived from them. */
export interface FairRoll {
  fairSeedId: number;
  nonce: number;
  seed: number;
}

/** The current (activated, unrevealed) seed pair of a player, and the commitment of the next one. */
export interface CurrentSeedRow {
  id: number;
  server_seed: string;
  commitment: string;
  client_seed: string;
  next_nonce: number;
  next_commitment: string;
}

/** A server seed: 32 bytes from the operating system's CSPRNG, as lowercase hex. */
export const drawServerSeed = (): string => randomBytes(32).toString('hex');
/** A client seed the server draws when the player gave none: 16 random bytes as hex. */
export const drawClientSeed = (): string => randomBytes(16).toString('hex');

/** A new pair's row: committed now, activated now with `clientSeed`, or (none) the player's next pair. */
export function newPair(playerId: number, now: Date, clientSeed: string | null) {
  const serverSeed = drawServerSeed();
  return {
    player_id: playerId,
    server_seed: serverSeed,
    commitment: seedCommitment(serverSeed),
    client_seed: clientSeed,
    created_at: now,
    activated_at: clientSeed === null ? null : now,
  };
}

/**
 * The player's current seed pair and the commitment of their next one, both made now if missing: a new player's
 * first look at the Verify page, or their first roll, makes them (the first pair's client seed drawn by the server;
 * every later pair's server seed is committed, as the next one, before the player chooses its client seed).
 */
export async function currentSeed(manager: EntityManager, playerId: number, now: Date): Promise<CurrentSeedRow> {
  await rows(
    manager,
    db
      .insertInto('fair_seeds')
      .values(newPair(playerId, now, drawClientSeed()))
      .onConflict((conflict) =>
        conflict.column('player_id').where('activated_at', 'is not', null).where('revealed_at', 'is', null).doNothing(),
      ),
  );
  await rows(
    manager,
    db
      .insertInto('fair_seeds')
      .values(newPair(playerId, now, null))
      .onConflict((conflict) => conflict.column('player_id').where('activated_at', 'is', null).doNothing()),
  );
  const current = await firstRow(
    manager,
    db
      .selectFrom('fair_seeds as current')
      .innerJoin('fair_seeds as next', (join) => join.onRef('next.player_id', '=', 'current.player_id').on('next.activated_at', 'is', null))
      .select([
        'current.id',
        'current.server_seed',
        'current.commitment',
        'current.client_seed',
        'current.next_nonce',
        'next.commitment as next_commitment',
      ])
      .where('current.player_id', '=', playerId)
      .where('current.activated_at', 'is not', null)
      .where('current.revealed_at', 'is', null),
  );
  if (!current?.client_seed) throw new Error(`No current seed pair for player ${playerId}`);
  return { ...current, client_seed: current.client_seed };
}

/**
 * Rolls are taken from the player's current seed pair (docs/fairness.md): each takes the pair's next nonce in one
 * UPDATE, which holds the pair's row until the roll's transaction ends, so two rolls of one player take consecutive
 * nonces, a rotation waits for the rolls in flight, and a roll rolled back (a retried transaction) gives its nonce
 * back: none is skipped or used twice.
 */
@Injectable()
export class FairRolls {
  constructor(private readonly clock: Clock) {}

  async take(manager: EntityManager, playerId: number): Promise<FairRoll> {
    const taken = await this.takeNonce(manager, playerId);
    if (taken) return taken;
    await currentSeed(manager, playerId, this.clock.now());
    const made = await this.takeNonce(manager, playerId);
    if (!made) throw new Error(`No current seed pair for player ${playerId}`);
    return made;
  }

  private async takeNonce(manager: EntityManager, playerId: number): Promise<FairRoll | undefined> {
    const row = await firstRow(
      manager,
      db
        .updateTable('fair_seeds')
        .set({ next_nonce: sql`next_nonce + 1` })
        .where('player_id', '=', playerId)
        .where('activated_at', 'is not', null)
        .where('revealed_at', 'is', null)
        .returning(['id', 'server_seed', 'client_seed', sql<number>`next_nonce - 1`.as('nonce')]),
    );
    return row && { fairSeedId: row.id, nonce: row.nonce, seed: rollSeed(row.server_seed, row.client_seed ?? '', row.nonce) };
  }
}

/** The rolls' side of fairness, for the features that roll (packs, attack); no HTTP. */
@Module({ providers: [FairRolls], exports: [FairRolls] })
export class FairRollsModule {}
