import { AllianceMessages } from '@runik/contract';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Card } from '../../ui/Card';
import { postExpandAlliance } from './alliance-api';
import { AllianceConfirms, AllianceTexts } from './alliance-messages';
import { useAllianceAction, type AllianceSectionProps } from './use-alliance-action';

/** The leader buys one more place at the server's price, up to the maximum (spec section 9). */
export function CapacityPanel({ username, alliance, report }: AllianceSectionProps) {
  const expand = useAllianceAction(username, {
    request: postExpandAlliance,
    fallback: AllianceMessages.failedExpand,
    spendsRunik: true,
    report,
  });
  const cost = alliance.canExpand ? alliance.nextExpansionCost : null;
  const confirm = useConfirm();

  const expandCapacity = async () => {
    // It spends RUNIK: ask first, as every spending action of the city does.
    if (cost === null || !(await confirm({ message: AllianceConfirms.expand(cost, alliance.maxMembers + 1), confirmLabel: 'Expand' })))
      return;
    expand.mutate({ hiveUsername: username, allianceId: alliance.id });
  };

  return (
    <Card testId="alliance-capacity" title="Capacity">
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
      <button
        type="button"
        className="button button--primary"
        disabled={cost === null || expand.isPending}
        onClick={() => void expandCapacity()}
      >
        Expand
      </button>
    </Card>
  );
}
