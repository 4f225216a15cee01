import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { buildingForUnit, STARTING_BUILDING_LEVEL, type ResourceKey } from '@runik/rules';
import { CityMessages, FIRST_STEP_IDS } from '@runik/contract';
import type { FirstStepId, FirstStepsResponse } from '@runik/contract';
import { trainingReason } from '../city/military.service';
import { Clock } from '../core/clock/clock';
import { ApiError } from '../core/errors/api-error';

/** The Farm is the building that produces wheat (the balance sheet's producers). */
const FARM: ResourceKey = 'wheat';
const INFANTRY_BUILDING = buildingForUnit('infantry');

type ProgressRow = Record<FirstStepId, boolean> & { skipped: boolean; past_guide: boolean };

/**
 * Each step read from what the game stores about the real action, so it is ticked however the
 * player did it (this device, another one, the API):
 * - harvest: the city harvested once (`cities.last_harvest_at`);
 * - upgrade-farm: the Farm above its starting level;
 * - train-infantry: infantry in the army, the Sanctum or training, or ever paid for (the ledger), so
 *   infantry lost in a raid does not take the tick back;
 * - raid: a battle with the player as attacker, or a raid on the practice camp (open on day one, when
 *   every city is under a newcomer shield);
 * - alliances: the Alliance screen seen (`first_steps`), or a member of an alliance already.
 */
const PROGRESS = `
  SELECT
    c.last_harvest_at IS NOT NULL AS "harvest",
    coalesce((c.building_levels ->> $2)::int, $3) > $3 AS "upgrade-farm",
    (c.infantry > 0 OR c.injured_infantry > 0
      OR EXISTS (SELECT 1 FROM training_queue q WHERE q.player_id = c.player_id AND q.building = $4)
      OR EXISTS (SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                  WHERE a.player_id = c.player_id AND e.reason = $5)) AS "train-infantry",
    (EXISTS (SELECT 1 FROM battles b WHERE b.attacker_id = c.player_id)
      OR EXISTS (SELECT 1 FROM practice_raids r WHERE r.player_id = c.player_id)) AS "raid",
    (f.alliances_seen_at IS NOT NULL OR EXISTS (SELECT 1 FROM alliance_members m WHERE m.player_id = c.player_id)) AS "alliances",
    f.skipped_at IS NOT NULL AS skipped,
    f.finished_at IS NOT NULL AS past_guide
  FROM cities c LEFT JOIN first_steps f ON f.player_id = c.player_id
  WHERE c.player_id = $1`;

/** A new player's guided path: progress derived from the game's own records, plus what only the guide knows. */
@Injectable()
export class FirstStepsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async progress(playerId: number): Promise<FirstStepsResponse> {
    const [row]: ProgressRow[] = await this.dataSource.query(PROGRESS, [
      playerId,
      FARM,
      STARTING_BUILDING_LEVEL,
      INFANTRY_BUILDING,
      trainingReason(INFANTRY_BUILDING),
    ]);
    if (!row) throw ApiError.notFound(CityMessages.cityNotFound);
    const steps = FIRST_STEP_IDS.map((id) => ({ id, done: row[id] }));
    return { steps, skipped: row.skipped, finished: row.past_guide || steps.every((step) => step.done) };
  }

  /** The player opened the Alliance screen. Idempotent: the first visit's time is kept. */
  markAlliancesSeen(playerId: number): Promise<FirstStepsResponse> {
    return this.record(playerId, 'alliances_seen_at');
  }

  /** The player does not want the guide, on any device. Idempotent. */
  skip(playerId: number): Promise<FirstStepsResponse> {
    return this.record(playerId, 'skipped_at');
  }

  private async record(playerId: number, column: 'alliances_seen_at' | 'skipped_at'): Promise<FirstStepsResponse> {
    // Only for a player with a city (anyone else gets the 404 below and no row).
    await this.dataSource.query(
      `INSERT INTO first_steps (player_id, ${column}) SELECT player_id, $2 FROM cities WHERE player_id = $1
       ON CONFLICT (player_id) DO UPDATE SET ${column} = coalesce(first_steps.${column}, EXCLUDED.${column})`,
      [playerId, this.clock.now()],
    );
    return this.progress(playerId);
  }
}
