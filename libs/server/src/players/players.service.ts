import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { lateActivation, LateActivation } from '@runik/rules';
import { ErrorMessages } from '@runik/contract';
import { CityService } from '../city/city.service';
import { Clock } from '../core/clock/clock';
import { isUniqueViolation } from '../core/database/pg-errors';
import { APP_CONFIG } from '../core/config/config.module';
import { defaultReferrer } from '../core/config/app-config';
import type { AppConfig } from '../core/config/app-config';
import { ApiError } from '../core/errors/api-error';
import { EmissionBudget } from '../emission/emission-budget';
import { LedgerService } from '../ledger/ledger.service';
import { Activation, Player } from './player.entity';

/** Game accounts: creation (with ledger account and city), lookup, paid activation. */
@Injectable()
export class PlayersService {
  constructor(
    @InjectRepository(Player) private readonly players: Repository<Player>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly cities: CityService,
    private readonly emission: EmissionBudget,
    private readonly clock: Clock,
  ) {}

  findByUsername(hiveUsername: string, manager: EntityManager = this.players.manager): Promise<Player | null> {
    return manager.findOne(Player, { where: { hiveUsername } });
  }

  /**
   * Creates the player, its ledger account and its city in the caller's transaction.
   * The username's unique constraint decides races: the loser gets 409.
   */
  async register(manager: EntityManager, hiveUsername: string, requestedReferrer: string, activation: Activation): Promise<Player> {
    const now = this.clock.now();
    const referrer = await this.resolveReferrer(manager, hiveUsername, requestedReferrer);
    const player = manager.create(Player, {
      hiveUsername,
      referrer,
      activation,
      activatedAt: activation === 'paid' ? now : null,
      createdAt: now,
    });
    try {
      await manager.insert(Player, player);
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.conflict(ErrorMessages.alreadyRegistered);
      throw error;
    }
    await this.ledger.openPlayerAccount(manager, player.id);
    await this.cities.createStartingCity(manager, player.id);
    return player;
  }

  /**
   * Upgrades a free account to paid (it may then withdraw). What its RNK deposits brought, or other
   * players paid it, was never game-only and is withdrawable at once; of its game-only RUNIK (minted
   * while free, with no budget behind it) up to ACTIVATION_RELEASE_RUNIK is released from the day's
   * releases' slice, what the slice cannot give today on the next days, oldest activation first; the
   * rest stays the player's for the game only (docs/decisions.md, "The emission budget").
   */
  async activate(manager: EntityManager, player: Player): Promise<void> {
    await manager.update(Player, { id: player.id }, { activation: 'paid', activatedAt: this.clock.now() });
    const { release } = lateActivation(await this.ledger.runikOf(manager, player.id));
    await this.emission.release(manager, player.id, release);
  }

  /**
   * What `activate` would do now to a free account's RUNIK (the activation view shows it before the
   * payment): the same rule, with what is left of today's releases' slice. 409 for a paid account.
   */
  async previewActivation(manager: EntityManager, playerId: number): Promise<LateActivation & { releasesLeftToday: number }> {
    const player = await manager.findOneByOrFail(Player, { id: playerId });
    if (player.activation === 'paid') throw ApiError.conflict(ErrorMessages.alreadyActivated);
    const releasesLeftToday = await this.emission.releasesLeftToday(manager);
    return { ...lateActivation(await this.ledger.runikOf(manager, playerId), releasesLeftToday), releasesLeftToday };
  }

  /** The referrer must be another registered player; otherwise the default referrer stands. */
  private async resolveReferrer(manager: EntityManager, hiveUsername: string, requested: string): Promise<string> {
    if (requested && requested !== hiveUsername && (await this.findByUsername(requested, manager))) return requested;
    return defaultReferrer(this.config);
  }
}
