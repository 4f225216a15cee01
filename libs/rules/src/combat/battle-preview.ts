import { UNIT_KEYS } from '../city/balance-sheet';
import { recordOf } from '../city/record-of';
import { BATTLE, BattleInput, BattleOutcome, BattleRolls, defenderHomePower, fightBattle, sidePower } from './battle';

/** How finely the preview walks the luck range: this many luck values per side, at the middle of equal slices. */
export const PREVIEW_LUCK_STEPS = 40;

/** Even luck on both sides, a lost unit's fraction rounded to the nearest: the battle the preview calls expected. */
export const NEUTRAL_ROLLS: Readonly<BattleRolls> = {
  attackerLuck: 1,
  defenderLuck: 1,
  attackerLosses: recordOf(UNIT_KEYS, () => 0.5),
  defenderLosses: recordOf(UNIT_KEYS, () => 0.5),
};

export interface BattlePreview {
  /** The attacker's power with its commander gear, before luck, thousandths (not rounded). */
  attackerPower: number;
  /** The defender's power with its gear and the home advantage, before luck, thousandths (not rounded). */
  defenderPower: number;
  /** Share of the luck range (both sides' factors, each uniform) in which the attacker wins, 0 to 1. */
  winChance: number;
  /** The battle at even luck (NEUTRAL_ROLLS): its winner, both sides' losses, the loot brought home and lost on the way. */
  expected: BattleOutcome;
}

/**
 * What a battle would likely do, before it is fought: the one battle formula (fightBattle) at even
 * luck for the expected figures, and over a grid of the luck range for the chance to win. It never
 * sees the seed, so it cannot tell the roll a battle will use. `winChance` is previewWinChance's, which
 * a caller may have kept for the same `winChanceKey`.
 */
export function previewBattle(input: Omit<BattleInput, 'seed'>, winChance = previewWinChance(input)): BattlePreview {
  return {
    attackerPower: sidePower(input.attacker),
    defenderPower: defenderHomePower(input.defender),
    winChance,
    expected: fightBattle(input, NEUTRAL_ROLLS),
  };
}

/**
 * The chance to win: the share of the luck grid's PREVIEW_LUCK_STEPS² battles (fightBattle) the attacker
 * wins. The costly part of a preview (1,600 battles).
 */
export function previewWinChance(input: Omit<BattleInput, 'seed'>): number {
  let wins = 0;
  for (const attackerLuck of luckGrid())
    for (const defenderLuck of luckGrid())
      if (fightBattle(input, { ...NEUTRAL_ROLLS, attackerLuck, defenderLuck }).winner === 'attacker') wins += 1;
  return wins / PREVIEW_LUCK_STEPS ** 2;
}

/**
 * What previewWinChance depends on: fightBattle's winner compares the two powers before luck (the
 * attacker's sidePower, the defender's defenderHomePower), each times its luck, and nothing else (not the
 * pending stock, the loot percent or the loss draws). Two inputs with one key have one win chance, so it
 * may be kept by this key; any change of a side's troops or gear that moves its power changes the key.
 */
export function winChanceKey(input: Omit<BattleInput, 'seed'>): string {
  return `${sidePower(input.attacker)}:${defenderHomePower(input.defender)}`;
}

function luckGrid(): number[] {
  const span = BATTLE.luckMax - BATTLE.luckMin;
  return Array.from({ length: PREVIEW_LUCK_STEPS }, (_, step) => BATTLE.luckMin + (span * (step + 0.5)) / PREVIEW_LUCK_STEPS);
}
