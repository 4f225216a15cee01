import type { EntityManager } from 'typeorm';
import { db, firstRow, rows } from '../core/database/sql';

/** The stored game clock (table `game_clock`, one row). */
export interface GameClockRow {
  /** How far the game's time is ahead of the machine's, ms. */
  offsetMs: number;
  /** The offset a worker took on running the skipped time's scheduled work for. */
  claimedOffsetMs: number;
  /** The offset the skipped time's scheduled work has run for. */
  caughtUpOffsetMs: number;
}

export async function readGameClock(manager: EntityManager): Promise<GameClockRow> {
  const row = await firstRow(
    manager,
    db.selectFrom('game_clock').select(['offset_ms', 'catch_up_claimed_offset_ms', 'caught_up_offset_ms']),
  );
  if (!row) throw new Error('The game_clock row is missing (run the migrations)');
  return { offsetMs: row.offset_ms, claimedOffsetMs: row.catch_up_claimed_offset_ms, caughtUpOffsetMs: row.caught_up_offset_ms };
}

/** Moves the stored offset forward by `ms` (> 0) in one statement; returns the new offset. */
export async function moveGameClock(manager: EntityManager, ms: number, now: Date): Promise<number> {
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new Error(`The game clock only moves forward (asked ${ms} ms)`);
  const [row] = await rows(
    manager,
    db
      .updateTable('game_clock')
      .set((eb) => ({ offset_ms: eb('offset_ms', '+', ms), moved_at: now }))
      .returning('offset_ms'),
  );
  return row.offset_ms;
}

/** One worker takes on catching up to the stored offset: the offset it took, or null when another has (or nothing is due). */
export async function claimCatchUp(manager: EntityManager): Promise<number | null> {
  const [row] = await rows(
    manager,
    db
      .updateTable('game_clock')
      .set((eb) => ({ catch_up_claimed_offset_ms: eb.ref('offset_ms') }))
      .whereRef('catch_up_claimed_offset_ms', '<', 'offset_ms')
      .whereRef('caught_up_offset_ms', '<', 'offset_ms')
      .returning('offset_ms'),
  );
  return row ? row.offset_ms : null;
}

/** The skipped time's scheduled work ran for `offsetMs`. */
export async function markCaughtUp(manager: EntityManager, offsetMs: number): Promise<void> {
  await rows(
    manager,
    db
      .updateTable('game_clock')
      .set((eb) => ({
        caught_up_offset_ms: offsetMs,
        catch_up_claimed_offset_ms: eb.fn('greatest', [eb.ref('catch_up_claimed_offset_ms'), eb.val(offsetMs)]),
      }))
      .where('caught_up_offset_ms', '<', offsetMs),
  );
}
