import { formatResource, RESOURCE_KEYS, type ResourceAmounts } from '@runik/rules';
import { resourceLabel } from '../../../shared/format';

interface CostListProps {
  /** Cost per resource, thousandths. */
  cost: ResourceAmounts;
  /** What is held, thousandths: a cost above it is marked. */
  held: ResourceAmounts;
}

/** A cost per resource next to what is held. */
export function CostList({ cost, held }: CostListProps) {
  return (
    <dl className="city-costs">
      {RESOURCE_KEYS.map((resource) => (
        <div key={resource} className={`city-costs__row ${cost[resource] > held[resource] ? 'city-costs__row--short' : ''}`}>
          <dt>{resourceLabel(resource)}</dt>
          <dd>
            <span data-testid={`cost-${resource}`}>{formatResource(cost[resource])}</span>
            <span className="city-muted"> / {formatResource(held[resource])}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The first resource `cost` is short of, as the spec's message, or null. */
export function shortfallMessage(
  cost: ResourceAmounts,
  held: ResourceAmounts,
  describe: (resource: string, required: string, available: string) => string,
) {
  const short = RESOURCE_KEYS.find((resource) => cost[resource] > held[resource]);
  return short ? describe(short, formatResource(cost[short]), formatResource(held[short])) : null;
}

export function describeAmounts(amounts: Partial<ResourceAmounts>): string {
  return RESOURCE_KEYS.flatMap((resource) => {
    const amount = amounts[resource] ?? 0;
    return amount > 0 ? [`${formatResource(amount)} ${resourceLabel(resource)}`] : [];
  }).join(', ');
}
