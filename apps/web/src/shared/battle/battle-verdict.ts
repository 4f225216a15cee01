import type { BattleVerdict, BattleWinner } from '@runik/contract';
import { formatPowerPoints } from '@runik/rules';

export interface VerdictSides {
  verdict: BattleVerdict;
  winner: BattleWinner;
  attacker: string;
  defender: string;
  /** The side the reader fought on, told as "you"; null for a reader who watched. */
  reader: BattleWinner | null;
}

/** Luck as a factor: "×1.04". */
function formatLuck(luck: number): string {
  return `×${(Math.round(luck * 100) / 100).toFixed(2)}`;
}

/**
 * The one sentence a raid's result and report open with (issue 36): both powers (gear included, the
 * defender's with its home advantage), the luck, and hence who won. "Your 600 power met bob's 550 (+10%
 * at home); luck ×1.04 against ×0.97 made it 624 against 533, so you won."
 */
export function verdictSentence({ verdict, winner, attacker, defender, reader }: VerdictSides): string {
  const whose = (side: BattleWinner, name: string) => (reader === side ? 'your' : `${name}'s`);
  const who = winner === reader ? 'you' : winner === 'attacker' ? attacker : defender;
  const opening = whose('attacker', attacker);
  return (
    `${opening.charAt(0).toUpperCase()}${opening.slice(1)} ${formatPowerPoints(verdict.attackerPower)} power met ` +
    `${whose('defender', defender)} ${formatPowerPoints(verdict.defenderPower)} (+${verdict.defenderAdvantagePercent}% at home); ` +
    `luck ${formatLuck(verdict.attackerLuck)} against ${formatLuck(verdict.defenderLuck)} made it ` +
    `${formatPowerPoints(verdict.attackerRolledPower)} against ${formatPowerPoints(verdict.defenderRolledPower)}, so ${who} won.`
  );
}
