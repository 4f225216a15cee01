import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ReferredPlayersResponse } from '@runik/contract';
import { Player } from '../players/player.entity';

@Injectable()
export class ReferralsService {
  constructor(@InjectRepository(Player) private readonly players: Repository<Player>) {}

  /** Everyone who joined with this player as referrer, newest first; registered = paid activation. */
  async referredPlayers(referrer: string): Promise<ReferredPlayersResponse> {
    const referred = await this.players.find({ where: { referrer }, order: { createdAt: 'DESC', id: 'DESC' } });
    const referredPlayers = referred.map((player) => ({
      username: player.hiveUsername,
      joinedDate: player.createdAt.toISOString(),
      isRegistered: player.activation === 'paid',
    }));
    return {
      referredPlayers,
      totalReferred: referredPlayers.length,
      totalRegistered: referredPlayers.filter((player) => player.isRegistered).length,
    };
  }
}
