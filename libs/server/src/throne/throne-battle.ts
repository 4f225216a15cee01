import { EntityManager } from 'typeorm';
import { resolveThroneBattle, ThroneBattleOutcome, ThroneFighterOutcome } from '@runik/rules';
import { CityState, commanderBonuses } from '../city/city-state';
import { Notifier } from '../notifications/notifier';
import { addToGarrison, HeldTroops, memberIdsOf, moveArmy, sendToSanctum, setGarrison, updateWar, WarRow } from './throne-rows';

export interface ThroneAttack {
  kind: 'solo' | 'rally';
  rallyId: number | null;
  allianceId: number;
  /** The attacking troops, already out of their owners' armies. */
  attackers: HeldTroops[];
}

/**
 * One attack on the throne's garrison, applied: injuries go to the Sanctum, the dead are gone, and
 * a winning attack's survivors become the new garrison as its alliance takes the throne (the
 * full-control clock starts again, and both alliances hear of it). The caller holds the war row
 * and every city involved (the attackers' and the garrison's), whose states give each fighter's
 * commander boosts. Returns the outcome and the stored battle's id.
 */
export async function fightForThrone(
  manager: EntityManager,
  notifier: Notifier,
  war: WarRow,
  attack: ThroneAttack,
  garrison: HeldTroops[],
  states: Map<number, CityState>,
  at: Date,
): Promise<ThroneBattleOutcome & { battleId: number }> {
  const defenderAllianceId = war.occupier_alliance_id;
  if (defenderAllianceId === null) {
    // The holder's alliance was disbanded: whoever it left in the throne simply goes home.
    for (const left of garrison) await moveArmy(manager, left, 1);
    await manager.query(`DELETE FROM throne_garrison WHERE war_id = $1`, [war.id]);
  }
  const defenders = defenderAllianceId === null ? [] : garrison;
  const bonusesOf = (playerId: number) => commanderBonuses(states.get(playerId)!);
  const fighter = ({ playerId, troops }: HeldTroops) => ({ playerId, troops, bonuses: bonusesOf(playerId) });
  const withBonuses = (result: ThroneFighterOutcome) => ({ ...result, bonuses: bonusesOf(result.playerId) });
  const outcome = resolveThroneBattle(attack.attackers.map(fighter), defenders.map(fighter));
  for (const result of [...outcome.attackers, ...outcome.defenders])
    await sendToSanctum(manager, { playerId: result.playerId, troops: result.injured });

  if (outcome.winner === 'attacker') {
    await manager.query(`DELETE FROM throne_garrison WHERE war_id = $1`, [war.id]);
    for (const result of outcome.attackers) await addToGarrison(manager, war.id, { playerId: result.playerId, troops: result.survivors });
    await updateWar(manager, war, { occupier_alliance_id: attack.allianceId, occupied_since: at, full_control_at: null });
  } else {
    for (const result of outcome.defenders) await setGarrison(manager, war.id, { playerId: result.playerId, troops: result.survivors });
  }
  const [{ id: battleId }]: { id: number }[] = await manager.query(
    `INSERT INTO throne_battles (war_id, kind, rally_id, attacker_alliance_id, defender_alliance_id, attacker_power, defender_power, winner, outcome, fought_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      war.id,
      attack.kind,
      attack.rallyId,
      attack.allianceId,
      defenderAllianceId,
      outcome.attackerPower,
      outcome.defenderPower,
      outcome.winner,
      // Each fighter's result with the boosts it fought with, for the battle report.
      JSON.stringify({ attackers: outcome.attackers.map(withBonuses), defenders: outcome.defenders.map(withBonuses) }),
      at,
    ],
  );
  if (outcome.winner === 'attacker') await announceNewHolder(manager, notifier, war, battleId, attack.allianceId, defenderAllianceId);
  return { ...outcome, battleId };
}

/** The throne changed hands in battle `battleId`: the takers' members hear they took it, the losers' that they lost it. */
async function announceNewHolder(
  manager: EntityManager,
  notifier: Notifier,
  war: WarRow,
  battleId: number,
  takerId: number,
  loserId: number | null,
): Promise<void> {
  // Both alliances stand: disbanding the holder would clear the war row this battle holds.
  const nameOf = async (allianceId: number): Promise<string> =>
    (await manager.query(`SELECT name FROM alliances WHERE id = $1`, [allianceId]))[0].name;
  const source = `throne-battle:${battleId}`;
  const from = loserId === null ? null : await nameOf(loserId);
  await notifier.notify(manager, await memberIdsOf(manager, takerId), 'throne-taken', source, { warId: war.id, battleId, from });
  await notifier.notify(manager, await memberIdsOf(manager, loserId), 'throne-lost', source, {
    warId: war.id,
    battleId,
    to: await nameOf(takerId),
  });
}
