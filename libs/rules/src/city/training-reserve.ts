import { RESOURCE_KEYS, ResourceAmounts, ResourceKey } from './balance-sheet';
import { trainingCost } from './training';

/**
 * What a conversion to RUNIK should leave behind (issue 35): the cost of a first batch of infantry,
 * the guide's next step after the Farm. Converting every resource with Max used to leave no wheat
 * for an hour. A warning, never a refusal: the player may convert it all. Five, not twenty (issue 45):
 * the batch the guide's suggestion keeps trains in 2.5 minutes (30 s each), where 20 took 10 and a
 * player without Speed Up finished the guide at 11-12 minutes; the practice camp fights any army.
 */
export const TRAINING_RESERVE_INFANTRY = 5;

/** The resources that train the reserve's infantry, in thousandths. */
export function trainingReserve(): ResourceAmounts {
  return trainingCost('quarters', TRAINING_RESERVE_INFANTRY);
}

/** The largest amount of each selected resource a conversion may take and keep the reserve (thousandths, at least 0). */
export function safeConversionAmount(selected: readonly ResourceKey[], held: ResourceAmounts): number {
  const reserve = trainingReserve();
  if (selected.length === 0) return 0;
  return Math.max(0, Math.min(...selected.map((resource) => held[resource] - reserve[resource])));
}

/** The selected resources that converting `amount` of each would leave below the reserve. */
export function resourcesLeftShort(selected: readonly ResourceKey[], amount: number, held: ResourceAmounts): ResourceKey[] {
  const reserve = trainingReserve();
  return RESOURCE_KEYS.filter(
    (resource) => selected.includes(resource) && reserve[resource] > 0 && held[resource] - amount < reserve[resource],
  );
}
