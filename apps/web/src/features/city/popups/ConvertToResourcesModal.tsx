import { useId, useState, type FormEvent } from 'react';
import { CityMessages } from '@runik/contract';
import { formatRunik, maxEqualSplit, runikCostOf, toThousandths, type ResourceAmounts, type ResourceKey } from '@runik/rules';
import { resourceLabel } from '../../../shared/format';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { useConvertToResources } from '../city-actions';
import { unlockedResources } from '../city-catalog';
import { isAmountDraft, parseAmountInput, toDecimalString } from '../city-format';
import type { CityState } from '../city-state';
import { describeAmounts } from './CostList';
import { useFlashMessage } from '../../../ui/use-flash-message';
import { resourcesRequest, useConvertToResourcesPreview } from './use-previews';

interface ConvertToResourcesModalProps {
  username: string;
  city: CityState;
  onClose: () => void;
}

type Drafts = Partial<Record<ResourceKey, string>>;

/** Convert RUNIK to Resources: buys the resources City Hall has unlocked, at the conversion rates. */
export function ConvertToResourcesModal({ username, city, onClose }: ConvertToResourcesModalProps) {
  const idPrefix = useId();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [formError, setFormError] = useState<string | null>(null);
  const success = useFlashMessage();
  const convert = useConvertToResources(username);

  const unlocked = unlockedResources(city.chLevel);
  const runik = city.holdings.runik;
  const amounts: Partial<ResourceAmounts> = {};
  for (const resource of unlocked) amounts[resource] = parseAmountInput(drafts[resource] ?? '', 2) ?? 0;
  const { preview, loading } = useConvertToResourcesPreview(username, amounts);
  const localCost = runikCostOf(amounts);
  const shownCost = preview ? toThousandths(preview.runikCost) : localCost;

  const changeDraft = (resource: ResourceKey, text: string) => {
    if (!isAmountDraft(text, 2)) return;
    setFormError(null);
    setDrafts((previous) => ({ ...previous, [resource]: text }));
  };

  const fillMaxEqual = () => {
    setFormError(null);
    const split = maxEqualSplit(runik, unlocked);
    setDrafts(Object.fromEntries(unlocked.map((resource) => [resource, toDecimalString(split[resource] ?? 0, 2)])));
  };

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate();
    setFormError(problem);
    if (problem) return;
    if (!(await confirm(`Spend ${formatRunik(localCost)} RUNIK for ${describeAmounts(amounts)}?`))) return;
    convert.mutate(resourcesRequest(amounts), {
      onSuccess: (response) => {
        setDrafts({});
        const received: Partial<ResourceAmounts> = {};
        for (const [resource, amount] of Object.entries(response.received) as [ResourceKey, number][])
          received[resource] = toThousandths(amount);
        success.show(`Converted! You received ${describeAmounts(received)}.`);
      },
    });
  };

  const validate = (): string | null => {
    if (!unlocked.some((resource) => (amounts[resource] ?? 0) > 0)) return CityMessages.specifyResource;
    if (localCost > runik) return CityMessages.notEnoughRunik(formatRunik(localCost), formatRunik(runik));
    return null;
  };

  return (
    <Modal title="Convert RUNIK to Resources" onClose={onClose} testId="convert-to-resources-modal">
      <form className="city-popup" onSubmit={(event) => void submit(event)} noValidate>
        {unlocked.map((resource) => (
          <div key={resource} className="field">
            <label className="field__label" htmlFor={`${idPrefix}-${resource}`}>
              {resourceLabel(resource)}
            </label>
            <input
              id={`${idPrefix}-${resource}`}
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={drafts[resource] ?? ''}
              onChange={(event) => changeDraft(resource, event.target.value)}
            />
          </div>
        ))}
        <button type="button" className="button" onClick={fillMaxEqual}>
          Max Equal
        </button>
        <dl className="city-costs">
          <div className="city-costs__row">
            <dt>RUNIK cost</dt>
            <dd data-testid="runik-cost">
              {formatRunik(shownCost)}
              {loading && <span className="city-muted"> (checking…)</span>}
            </dd>
          </div>
          <div className="city-costs__row">
            <dt>Available</dt>
            <dd data-testid="runik-available">{formatRunik(runik)}</dd>
          </div>
        </dl>
        {formError && <Message tone="error">{formError}</Message>}
        {success.message && <Message tone="info">{success.message}</Message>}
        <button type="submit" className="button button--primary" disabled={convert.isPending} aria-busy={convert.isPending}>
          Convert
        </button>
      </form>
    </Modal>
  );
}
