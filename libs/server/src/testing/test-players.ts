import { DataSource } from 'typeorm';
import type { Troops } from '@runik/rules';
import { CityService } from '../city/city.service';
import { Clock } from '../core/clock/clock';
import { LedgerService } from '../ledger/ledger.service';

/**
 * A registered player as service tests need one: the player row, its ledger account and its
 * starting city, then the given army set directly (training is the city tests' business).
 */
export async function newTestPlayer(
  { dataSource, ledger, cityService, clock }: { dataSource: DataSource; ledger: LedgerService; cityService: CityService; clock: Clock },
  username: string,
  army: Partial<Troops> = {},
): Promise<number> {
  const playerId = await dataSource.transaction(async (manager) => {
    const [{ id }] = await manager.query(
      `INSERT INTO players (hive_username, referrer, activation, created_at) VALUES ($1, 'runik.game', 'free', $2) RETURNING id`,
      [username, clock.now()],
    );
    await ledger.openPlayerAccount(manager, Number(id));
    await cityService.createStartingCity(manager, Number(id));
    return Number(id);
  });
  await dataSource.query(`UPDATE cities SET infantry = $2, archers = $3, cavalries = $4 WHERE player_id = $1`, [
    playerId,
    army.infantry ?? 0,
    army.archers ?? 0,
    army.cavalries ?? 0,
  ]);
  return playerId;
}
