import { EntityManager } from 'typeorm';
import { fromThousandths, THRONE_FULL_CONTROL_SECONDS, THRONE_SLOTS, ThroneSlot, throneSidePower } from '@runik/rules';
import type { ThroneRally, ThroneVoteEntry, ThroneWar } from '@runik/contract';
import { commanderBonuses, loadCities } from '../city/city-state';
import { garrisonOf, sumTroops, WarRow } from './throne-rows';

/** The war as the status call shows it: votes by slot, the holder and its garrison, the winner, gathering rallies. */
export async function throneWarView(manager: EntityManager, war: WarRow): Promise<ThroneWar> {
  return {
    warDate: war.war_date,
    status: war.status,
    votingPhase: {
      isOpen: war.status === 'voting',
      opensAt: war.voting_opens_at.toISOString(),
      closesAt: war.voting_closes_at.toISOString(),
      votes: await votesBySlot(manager, war.id),
    },
    battlePhase: { startTime: war.start_time?.toISOString() ?? null, endsAt: war.battle_ends_at.toISOString() },
    currentOccupier: await occupierView(manager, war),
    winner:
      war.status === 'completed' && war.winner_name
        ? { allianceName: war.winner_name, allianceTag: war.winner_tag!, leaderName: war.king_name, wonAt: war.completed_at!.toISOString() }
        : null,
    activeAttacks: await gatheringRallies(manager, war.id),
  };
}

async function votesBySlot(manager: EntityManager, warId: number): Promise<Record<ThroneSlot, ThroneVoteEntry[]>> {
  const rows: { time_slot: ThroneSlot; alliance_id: number; name: string; tag: string; voted_at: Date }[] = await manager.query(
    `SELECT v.time_slot, v.alliance_id, a.name, a.tag, v.voted_at FROM throne_votes v JOIN alliances a ON a.id = v.alliance_id
     WHERE v.war_id = $1 ORDER BY v.voted_at, v.alliance_id`,
    [warId],
  );
  const votes = Object.fromEntries(THRONE_SLOTS.map((slot) => [slot, [] as ThroneVoteEntry[]])) as Record<ThroneSlot, ThroneVoteEntry[]>;
  for (const row of rows)
    votes[row.time_slot].push({
      allianceId: row.alliance_id,
      allianceName: row.name,
      allianceTag: row.tag,
      votedAt: row.voted_at.toISOString(),
    });
  return votes;
}

async function occupierView(manager: EntityManager, war: WarRow): Promise<ThroneWar['currentOccupier']> {
  if (war.occupier_alliance_id === null || !war.occupied_since) return null;
  const [alliance] = await manager.query(`SELECT name, tag FROM alliances WHERE id = $1`, [war.occupier_alliance_id]);
  const garrison = await garrisonOf(manager, war.id);
  // Each garrisoned troop fights with its owner's commander gear: the power an attack must beat.
  const states = await loadCities(
    manager,
    garrison.map((held) => held.playerId),
  );
  const fullControlAt = war.full_control_at ?? new Date(war.occupied_since.getTime() + THRONE_FULL_CONTROL_SECONDS * 1000);
  return {
    allianceId: war.occupier_alliance_id,
    allianceName: alliance.name,
    allianceTag: alliance.tag,
    occupiedSince: war.occupied_since.toISOString(),
    fullControlMet: war.full_control_at !== null,
    fullControlAt: fullControlAt.toISOString(),
    garrisonedTroops: sumTroops(garrison),
    garrisonPower: fromThousandths(
      throneSidePower(garrison.map(({ playerId, troops }) => ({ playerId, troops, bonuses: commanderBonuses(states.get(playerId)!) }))),
    ),
  };
}

async function gatheringRallies(manager: EntityManager, warId: number): Promise<ThroneRally[]> {
  const rows: { id: number; alliance_id: number; alliance_name: string; leader: string; launch_at: Date; participants: string[] }[] =
    await manager.query(
      `SELECT r.id, r.alliance_id, r.alliance_name, r.launch_at, c.hive_username AS leader,
       (SELECT array_agg(p.hive_username ORDER BY t.joined_at, t.player_id) FROM throne_rally_troops t JOIN players p ON p.id = t.player_id WHERE t.rally_id = r.id) AS participants
     FROM throne_rallies r JOIN players c ON c.id = r.creator_id
     WHERE r.war_id = $1 AND r.status = 'gathering' ORDER BY r.launch_at, r.id`,
      [warId],
    );
  return rows.map((row) => ({
    type: 'rally',
    status: 'gathering',
    attackId: row.id,
    attackerAllianceId: row.alliance_id,
    attackerAllianceName: row.alliance_name,
    rallyLeader: row.leader,
    rallyParticipants: (row.participants ?? []).map((hiveUsername) => ({ hiveUsername })),
    rallyLaunchTime: row.launch_at.toISOString(),
  }));
}
