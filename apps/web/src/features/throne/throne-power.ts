import type { CommanderGearResponse } from '@runik/contract';
import { NO_COMMANDER_BONUSES, throneSidePower, type CommanderBonuses, type Troops } from '@runik/rules';

/** Each commander slot boosts its own troop type (spec section 3, "Player gear for throne"). */
export function gearBonuses(gear: CommanderGearResponse | undefined): CommanderBonuses {
  if (!gear) return { ...NO_COMMANDER_BONUSES };
  const { infantry, archer, cavalry } = gear.equippedGears;
  return {
    infantry: infantry?.stats.infantryAttackBoost ?? 0,
    archers: archer?.stats.archerAttackBoost ?? 0,
    cavalries: cavalry?.stats.cavalryAttackBoost ?? 0,
  };
}

/** Troops with the boosts of the player who commits them. */
export interface BoostedTroops {
  troops: Troops;
  bonuses: CommanderBonuses;
}

/** Rally and garrison power: the sum of each participant's boosted power (spec section 9), in thousandths. */
export function sidePower(sides: readonly BoostedTroops[]): number {
  // The rules' formula is the server's; the player ids it carries play no part in the sum.
  return throneSidePower(sides.map((side, index) => ({ playerId: index, ...side })));
}
