import { ArchetypeMix, DEFAULT_MIX } from './archetypes';
import { OPERATORS, OperatorPolicy } from './treasury';

/**
 * A way the game may be played and run: who plays, how they leave, what RNK trades at and what the
 * operator does with the SWAP.HIVE. The pass criteria must hold in every one (issue's item 4).
 */
export interface Scenario {
  name: string;
  mix: ArchetypeMix;
  /** Chance a day that a player leaves for good (withdrawing all it may on its way out). */
  churnPerDay: number;
  /** The day (share of the run, 0-1) every paid player asks for everything: null, no bank run. */
  bankRunAt: number | null;
  /** RNK's market price against the reference rate (2: twice the reference). */
  rnkPremium: number;
  operator: OperatorPolicy;
  operatorName: keyof typeof OPERATORS;
  /** Swarm accounts that activate: this share of them, each on one of these days (shares of the run). */
  activationWaves?: { share: number; at: number[] };
  /** Hive Engine down: the worker cannot read the treasury for `days` from this share of the run (the provisional budget holds). */
  treasuryUnreadable?: { from: number; days: number };
}

const base = {
  mix: DEFAULT_MIX,
  churnPerDay: 0.002,
  bankRunAt: null,
  rnkPremium: 1.5,
  operator: OPERATORS.daily,
  operatorName: 'daily',
} as const;
const never = { operator: OPERATORS.never, operatorName: 'never' } as const;

/** The default: issue 18's mix with a few of each archetype that tries to break it, RNK at 1.5 times the reference (the Pouch worth arbitraging). */
export const DEFAULT_SCENARIO: Scenario = { name: 'default', ...base };

/** The others, each played with the operator who tops up daily and with the one who never does. */
export const STRESS_SCENARIOS: Scenario[] = [
  { name: 'default', ...base, ...never },
  ...(
    [
      { name: 'cash-out heavy', ...base, mix: { ...DEFAULT_MIX, cashout: 40, activator: 10 } },
      { name: 'farmer heavy', ...base, mix: { ...DEFAULT_MIX, farmer: 10, multi: 8 } },
      { name: 'churn', ...base, churnPerDay: 0.01 },
      { name: 'bank run', ...base, bankRunAt: 0.5 },
      { name: 'arbitrage', ...base, rnkPremium: 2, mix: { ...DEFAULT_MIX, arbitrageur: 20, whale: 10 } },
      // Hundreds of free accounts converting everything (two thirds of the bots), a third of them activating late in three
      // waves; Hive Engine down for 5 days in the middle (the provisional budget holds).
      {
        name: 'free swarm',
        ...base,
        mix: { ...DEFAULT_MIX, swarm: 200 },
        activationWaves: { share: 1 / 3, at: [0.25, 0.5, 0.75] },
        treasuryUnreadable: { from: 0.4, days: 5 },
      },
      // One person with enough paid accounts to fill the game's daily withdrawal cap every day (CAP_FILLER_ACCOUNTS).
      { name: 'cap filler', ...base, mix: { ...DEFAULT_MIX, capper: 1 } },
    ] satisfies Scenario[]
  ).flatMap((scenario) => [scenario, { ...scenario, ...never }]),
];

export function scenarioLabel(scenario: Scenario): string {
  return `${scenario.name}, operator ${scenario.operatorName === 'daily' ? 'tops up daily' : 'never tops up'}`;
}
