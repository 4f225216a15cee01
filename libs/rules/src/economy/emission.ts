import { CONVERSION_RATES, RESOURCE_KEYS, ResourceAmounts } from '../city/balance-sheet';
import { DAILY_CONVERSION_CAP_RUNIK } from '../city/conversion';

/**
 * One bounded emission per game day (docs/decisions.md, "The emission budget"): everything the game
 * mints into a withdrawable balance (conversion to RUNIK, citadel rewards, an activation's release)
 * draws from it. It is sized at the day's first use from the RNK the game account holds above all it
 * owes, so that paying every withdrawable balance stays possible. All amounts are thousandths.
 */
export interface EmissionPolicy {
  /** The budget never goes under this, so an empty server still plays (the operator's launch reserve backs it). */
  minimum: number;
  /** Nor over this, however large the surplus. */
  ceiling: number;
  /** Percent of the RNK held above everything owed that one day may mint. */
  surplusSharePercent: number;
}

export const EMISSION_POLICY: EmissionPolicy = { minimum: 2_000_000, ceiling: 100_000_000, surplusSharePercent: 3 };

/**
 * RUNIK a free account's activation may turn withdrawable (drawn from the day's budget); the rest of
 * its RUNIK stays spendable in the game but cannot be withdrawn.
 */
export const ACTIVATION_RELEASE_RUNIK = 300_000;

/**
 * The contribution every paid player counts for at least (thousandths of RUNIK value), so a newcomer's
 * share is small but never nothing: 100 RUNIK, the least with which the simulation's newcomers still
 * reach City Hall 5 in their first week (docs/economy/emission-budget.md).
 */
export const NEWCOMER_CONTRIBUTION = 100_000;

/** What the treasury holds against what the game owes, in thousandths. */
export interface TreasuryPosition {
  /** RNK the game account holds. */
  treasuryRnk: number;
  /** All the RNK the game could be asked for in one step: withdrawable RUNIK, withdrawals under way, free players' releasable RUNIK. */
  owed: number;
}

/**
 * The day's budget: a share of the surplus, within the policy's minimum and ceiling. The minimum lets
 * a server whose surplus is small still play, but never takes more than half the surplus: what the day
 * mints is always backed, and the other half is a margin for what free accounts' activations could
 * add to what is owed meanwhile (they mint outside the budget while they cannot withdraw).
 */
export function emissionBudget({ treasuryRnk, owed }: TreasuryPosition, policy: EmissionPolicy = EMISSION_POLICY): number {
  const surplus = Math.max(0, treasuryRnk - owed);
  const share = Math.floor((surplus * policy.surplusSharePercent) / 100);
  return Math.min(policy.ceiling, Math.max(minimumWithin(surplus, policy), share));
}

/**
 * The budget a game day starts with until it is sized from the treasury: the minimum within the
 * surplus last measured (`lastSurplus`; null before the first sizing: the launch reserve backs it).
 */
export function provisionalBudget(lastSurplus: number | null, policy: EmissionPolicy = EMISSION_POLICY): number {
  return lastSurplus === null ? policy.minimum : minimumWithin(Math.max(0, lastSurplus), policy);
}

function minimumWithin(surplus: number, policy: EmissionPolicy): number {
  return Math.min(policy.minimum, Math.floor(surplus / 2));
}

/**
 * A player's contribution: the RUNIK value (at the conversion rates, before tax, thousandths) of the
 * resources they harvested in the previous game day.
 */
export function contributionOf(harvested: Partial<ResourceAmounts>): number {
  return RESOURCE_KEYS.reduce((sum, resource) => sum + Math.floor((harvested[resource] ?? 0) / CONVERSION_RATES[resource]), 0);
}

/** The weight a contribution carries in the day's shares: a producing player counts for at least a newcomer. */
export function contributionWeight(contribution: number): number {
  return Math.max(NEWCOMER_CONTRIBUTION, contribution);
}

/**
 * A player's share of the day's budget: the budget split by yesterday's contributions (weights),
 * never over the per-account daily cap. Many accounts with the contribution of one player each earn
 * what that player earns; together they only dilute the others' shares, never the budget.
 * `totalWeight` is the sum of the weights of the players who produced yesterday (0 on the first day).
 */
export function emissionShare(budget: number, weight: number, totalWeight: number, cap = DAILY_CONVERSION_CAP_RUNIK): number {
  if (totalWeight <= 0) return Math.min(cap, budget);
  // BigInt: a whale's weight times the budget can pass 2^53.
  return Math.min(cap, Number((BigInt(budget) * BigInt(weight)) / BigInt(Math.max(totalWeight, weight))));
}

/** Why a player may mint no more today: their share, or the game's whole budget. */
export type EmissionLimit = 'share' | 'budget';

/** What a player may still mint today: the smaller of what is left of their share and of the budget. */
export function emissionLeft(
  share: { size: number; used: number },
  budget: { size: number; used: number },
): { left: number; limitedBy: EmissionLimit } {
  const shareLeft = Math.max(0, share.size - share.used);
  const budgetLeft = Math.max(0, budget.size - budget.used);
  return budgetLeft < shareLeft ? { left: budgetLeft, limitedBy: 'budget' } : { left: shareLeft, limitedBy: 'share' };
}
