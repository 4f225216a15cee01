import { useId } from 'react';
import { AllianceMessages } from '@runik/contract';
import { postExpandAlliance } from './alliance-api';
import { AllianceConfirms, AllianceTexts } from './alliance-messages';
import { useAllianceAction, type AllianceSectionProps } from './use-alliance-action';

/** The leader buys one more place at the server's price, up to the maximum (spec section 9). */
export function CapacityPanel({ username, alliance, report }: AllianceSectionProps) {
  const titleId = useId();
  const expand = useAllianceAction(username, {
    request: postExpandAlliance,
    fallback: AllianceMessages.failedExpand,
    spendsRunik: true,
    report,
  });
  const cost = alliance.canExpand ? alliance.nextExpansionCost : null;

  const expandCapacity = () => {
    // It spends RUNIK: ask first, as every spending action of the city does.
    if (cost === null || !window.confirm(AllianceConfirms.expand(cost, alliance.maxMembers + 1))) return;
    expand.mutate({ hiveUsername: username, allianceId: alliance.id });
  };

  return (
    <section className="panel alliance-card" aria-labelledby={titleId} data-testid="alliance-capacity">
      <h2 id={titleId} className="alliance-card__title">
        Capacity
      </h2>
      <p className="alliance-facts__row">
        <span>Members</span>
        <span>
          {alliance.memberCount}/{alliance.maxMembers}
        </span>
      </p>
      {cost === null ? (
        <p className="alliance-note">{AllianceMessages.maxCapacity}</p>
      ) : (
        <p className="alliance-muted" data-testid="expansion-cost">
          {AllianceTexts.expansionCost(cost)}
        </p>
      )}
      <button type="button" className="button button--primary" disabled={cost === null || expand.isPending} onClick={expandCapacity}>
        Expand
      </button>
    </section>
  );
}
