import { BATTLE, BattleInput, BattleOutcome, defenderHomePower, fromThousandths, sidePower } from '@runik/rules';
import type { BattleVerdict } from '@runik/contract';

/** What decided a raid (a battle's or a practice raid's), from its stored input and outcome: the result's and the report's verdict. */
export function battleVerdictDto(input: Omit<BattleInput, 'seed'>, outcome: BattleOutcome): BattleVerdict {
  return {
    attackerPower: fromThousandths(Math.floor(sidePower(input.attacker))),
    defenderPower: fromThousandths(Math.floor(defenderHomePower(input.defender))),
    defenderAdvantagePercent: Math.round(BATTLE.defenderAdvantage * 100),
    attackerLuck: outcome.rolls.attackerLuck,
    defenderLuck: outcome.rolls.defenderLuck,
    attackerRolledPower: fromThousandths(outcome.attackerPower),
    defenderRolledPower: fromThousandths(outcome.defenderPower),
  };
}
