import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { RESOURCE_KEYS, STARTING_CITY_HALL_LEVEL, STARTING_RESOURCES_THOUSANDTHS } from '@runik/rules';
import { Clock } from '../core/clock/clock';
import { LedgerService } from '../ledger/ledger.service';
import { City } from './city.entity';

@Injectable()
export class CityService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** A new player's city: City Hall level 1 and the starting resources, minted through the ledger. */
  async createStartingCity(manager: EntityManager, playerId: number): Promise<void> {
    await manager.insert(City, { playerId, chLevel: STARTING_CITY_HALL_LEVEL, buildingLevels: {}, createdAt: this.clock.now() });
    await this.ledger.post(manager, {
      reason: 'starting-resources',
      reference: `player:${playerId}`,
      legs: RESOURCE_KEYS.flatMap((asset) => [
        { account: { system: 'system:mint' as const }, asset, delta: -STARTING_RESOURCES_THOUSANDTHS[asset] },
        { account: { playerId }, asset, delta: STARTING_RESOURCES_THOUSANDTHS[asset] },
      ]),
    });
  }
}
