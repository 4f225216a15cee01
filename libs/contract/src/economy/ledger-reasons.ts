import { buildingByKey, BUILDING_KEYS, CITY_HALL_KEY, MILITARY_BUILDING_KEYS } from '@runik/rules';
import type { BuildingKey, MilitaryBuildingKey } from '@runik/rules';

/**
 * What a ledger reason does to what the game owes in RUNIK (docs/decisions.md, "Ledger reasons"):
 * - `budgeted-mint`: RUNIK minted into a balance its player may withdraw, drawn from the day's emission budget;
 * - `backed-mint`: RUNIK credited against an asset the game received at once (RNK deposited);
 * - `game-only-mint`: RUNIK minted locked, never withdrawable (only an activation's release, drawn from
 *   the budget, frees any of it);
 * - `burn`: players' RUNIK spent on the game and gone (to system:burn);
 * - `transfer`: RUNIK moved between accounts, none created or destroyed: fees and tax (to system
 *   accounts), sales (player to player), and withdrawals and their refunds (to and from
 *   external:hive-engine: the RNK leaves the treasury with the RUNIK, so what the game owes and what
 *   it holds fall together);
 * - `resources`: moves resources only, never RUNIK.
 */
export const LEDGER_REASON_KINDS = ['budgeted-mint', 'backed-mint', 'game-only-mint', 'burn', 'transfer', 'resources'] as const;
export type LedgerReasonKind = (typeof LEDGER_REASON_KINDS)[number];

export interface LedgerReasonInfo {
  kind: LedgerReasonKind;
  /** How the economy report and the operators' page name it. */
  label: string;
}

/** Reasons of one posting each, whatever the player: a reason whose kind would depend on the player is two reasons. */
const SINGLE = {
  'starting-resources': { kind: 'resources', label: 'Starting resources' },
  harvest: { kind: 'resources', label: 'Harvest' },
  heal: { kind: 'resources', label: 'Healing troops' },
  'attack-loot': { kind: 'resources', label: 'Raid loot' },
  'practice-loot': { kind: 'resources', label: 'Practice camp loot' },
  'convert-to-runik': { kind: 'budgeted-mint', label: 'Resources converted to RUNIK' },
  'convert-to-game-runik': { kind: 'game-only-mint', label: 'Resources converted to locked RUNIK (free account)' },
  'convert-to-resources': { kind: 'burn', label: 'RUNIK converted to resources' },
  'quest-reward': { kind: 'budgeted-mint', label: 'Quest reward' },
  'quest-reward-locked': { kind: 'game-only-mint', label: 'Quest reward, locked (free account)' },
  'citadel-reward': { kind: 'budgeted-mint', label: 'Citadel reward' },
  'citadel-reward-locked': { kind: 'game-only-mint', label: 'Citadel reward, locked (free account)' },
  // RUNIK bought with SWAP.HIVE is locked: no RNK came in to back a withdrawal of it (shop.jobs.ts).
  'shop-purchase': { kind: 'game-only-mint', label: 'Shop purchase' },
  'pack-purchase': { kind: 'burn', label: 'Gear packs bought with RUNIK' },
  'alliance-creation': { kind: 'transfer', label: 'Alliance creation fee' },
  'alliance-expansion': { kind: 'transfer', label: 'Alliance expansion fee' },
  'listing-fee': { kind: 'transfer', label: 'Market listing fee' },
  'gear-sale': { kind: 'transfer', label: 'Gear sale' },
  deposit: { kind: 'backed-mint', label: 'RNK deposit' },
  withdrawal: { kind: 'transfer', label: 'Withdrawal' },
  'withdrawal-refund': { kind: 'transfer', label: 'Withdrawal refunded' },
  // Tests and benchmarks only (libs/server/src/testing, bench/): it stands for RUNIK or resources a deposit or production brought.
  'test-grant': { kind: 'backed-mint', label: 'Test grant' },
} as const satisfies Record<string, LedgerReasonInfo>;

export type UpgradeReason = `upgrade-${typeof CITY_HALL_KEY | BuildingKey}`;
/** Paying for a batch of troops: also the record that a building trained (the quests and first steps read it). */
export type TrainingReason = `train-${MilitaryBuildingKey}`;
export type SpeedupReason = `speedup-${MilitaryBuildingKey}`;

/** Every reason a ledger entry may carry: `Posting.reason` takes nothing else, so a typo does not compile. */
export type LedgerReason = keyof typeof SINGLE | UpgradeReason | TrainingReason | SpeedupReason;

const buildingName = (key: BuildingKey) => buildingByKey(key)?.name ?? key;

/** One reason per key: `${prefix}-${key}`, built from the rules' lists so a building added gets its reasons. */
function perKey<P extends string, K extends string>(
  prefix: P,
  keys: readonly K[],
  info: (key: K) => LedgerReasonInfo,
): Record<`${P}-${K}`, LedgerReasonInfo> {
  return Object.fromEntries(keys.map((key) => [`${prefix}-${key}`, info(key)])) as Record<`${P}-${K}`, LedgerReasonInfo>;
}

/** The closed list of ledger reasons, each with its kind and label. */
export const LEDGER_REASONS: Readonly<Record<LedgerReason, LedgerReasonInfo>> = {
  ...SINGLE,
  ...perKey('upgrade', [CITY_HALL_KEY, ...BUILDING_KEYS], (key) => ({
    kind: 'burn',
    label: `${key === CITY_HALL_KEY ? 'City Hall' : buildingName(key)} upgrade`,
  })),
  ...perKey('train', MILITARY_BUILDING_KEYS, (key) => ({ kind: 'resources', label: `Training at the ${buildingName(key)}` })),
  ...perKey('speedup', MILITARY_BUILDING_KEYS, (key) => ({ kind: 'burn', label: `${buildingName(key)} training sped up` })),
};

export function ledgerReasonKind(reason: LedgerReason): LedgerReasonKind {
  return LEDGER_REASONS[reason].kind;
}

export function isLedgerReason(text: string): text is LedgerReason {
  return Object.hasOwn(LEDGER_REASONS, text);
}

/** A reason's label; text that is no listed reason (a row older than the list) reads as itself. */
export function ledgerReasonLabel(reason: string): string {
  return isLedgerReason(reason) ? LEDGER_REASONS[reason].label : reason;
}
