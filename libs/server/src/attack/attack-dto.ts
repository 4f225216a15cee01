import {
  armyPower,
  BATTLE,
  BattlePreview,
  ATTACK_CHARGES_MAX,
  CommanderBonuses,
  currentCharges,
  fromThousandths,
  RaidTerms,
  Troops,
  troopCount,
} from '@runik/rules';
import type { ArmyStatsResponse, AttackPreviewResponse, CommanderBonusesDto, Enemy, TroopCounts } from '@runik/contract';
import { CityState, commanderBonuses, pendingOf, resourceAmountsDto } from '../city/city-state';

/** The attack screens name cavalry in the singular (spec, section 3). */
export function troopCountsDto(troops: Troops): TroopCounts {
  return { infantry: troops.infantry, archers: troops.archers, cavalry: troops.cavalries };
}

export function commanderBonusesDto(bonuses: CommanderBonuses): CommanderBonusesDto {
  return { infantry: bonuses.infantry, archer: bonuses.archers, cavalry: bonuses.cavalries };
}

export function armyStatsDto(state: CityState, now: Date): ArmyStatsResponse {
  const bonuses = commanderBonuses(state);
  const { charges, nextRegenInMs } = currentCharges(state.attackCharges, now.getTime());
  return {
    ...troopCountsDto(state.army),
    armyCount: troopCount(state.army),
    armyPower: fromThousandths(armyPower(state.army, bonuses)),
    attacksRemaining: charges,
    attacksMax: ATTACK_CHARGES_MAX,
    nextRegenInMs,
    cooldownActive: charges === 0,
    commanderBonuses: commanderBonusesDto(bonuses),
  };
}

export function enemyDto(
  name: string,
  allianceTag: string | null,
  state: CityState,
  now: Date,
  cooldownUntil: Date | null,
  terms: RaidTerms,
): Enemy {
  const bonuses = commanderBonuses(state);
  return {
    name,
    chLevel: state.chLevel,
    allianceTag,
    ...troopCountsDto(state.army),
    armyPower: fromThousandths(armyPower(state.army, bonuses)),
    commanderBonuses: commanderBonusesDto(bonuses),
    pendingResources: resourceAmountsDto(pendingOf(state, now)),
    attackCooldownUntil: cooldownUntil && cooldownUntil > now ? cooldownUntil.toISOString() : null,
    shield: terms.open ? null : terms.shield,
    shieldEndsAt: !terms.open && terms.shield === 'newcomer' ? new Date(terms.shieldEndsMs).toISOString() : null,
    lootPercent: terms.open ? terms.lootPercent : 0,
  };
}

/** A preview as the API shows it: powers on `armyPower`'s scale (rounded down, as it is), the win chance to 3 decimals. */
export function attackPreviewDto(
  preview: BattlePreview,
  attackerBonuses: CommanderBonuses,
  defenderBonuses: CommanderBonuses,
  lootPercent: number,
): AttackPreviewResponse {
  const { expected } = preview;
  return {
    attackerPower: fromThousandths(Math.floor(preview.attackerPower)),
    defenderPower: fromThousandths(Math.floor(preview.defenderPower)),
    defenderAdvantagePercent: Math.round(BATTLE.defenderAdvantage * 100),
    attackerBonuses: commanderBonusesDto(attackerBonuses),
    defenderBonuses: commanderBonusesDto(defenderBonuses),
    winChance: Math.round(preview.winChance * 1000) / 1000,
    expectedWinner: expected.winner,
    expectedLosses: { dead: troopCountsDto(expected.attacker.dead), injured: troopCountsDto(expected.attacker.injured) },
    expectedEnemyLosses: { dead: troopCountsDto(expected.defender.dead), injured: troopCountsDto(expected.defender.injured) },
    expectedLoot: resourceAmountsDto(expected.loot),
    lostOnTheWayHome: resourceAmountsDto(expected.lootLost),
    lootPercent,
  };
}
