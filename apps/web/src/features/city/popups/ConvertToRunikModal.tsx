import { useEffect, useId, useState, type FormEvent } from 'react';
import { CityMessages } from '@runik/contract';
import {
  CONVERSION_TERMS,
  EARN_BACK_FLOOR_DAYS,
  type EmissionLimit,
  floorTo,
  formatResource,
  formatResourceDecimal,
  formatRunik,
  formatRunikDecimal,
  MIN_SELECTABLE_THOUSANDTHS,
  previewToRunik,
  RESOURCE_KEYS,
  resourcesLeftShort,
  safeConversionAmount,
  toThousandths,
  TRAINING_RESERVE_INFANTRY,
  type ResourceKey,
} from '@runik/rules';
import { resourceLabel } from '../../../shared/format';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { useConvertToRunik } from '../city-actions';
import { isAmountDraft, parseAmountInput, toDecimalString } from '../city-format';
import { CityHints } from '../city-messages';
import type { CityState } from '../city-state';
import { useShowToast } from '../../../ui/Toasts';
import { useConvertPreview } from './use-previews';
import { AmountField } from './AmountField';

interface ConvertToRunikModalProps {
  username: string;
  city: CityState;
  /** Opened from the guide's card: the resources and the suggested amount it names are filled in (issue 45). */
  suggest?: boolean;
  onClose: () => void;
  /** Opens Convert RUNIK to Resources instead: the way back when a conversion left too little. */
  onConvertBack: () => void;
}

/** Convert Resources to RUNIK: the same amount of each selected resource, less the tax (spec section 5). */
export function ConvertToRunikModal({ username, city, suggest = false, onClose, onConvertBack }: ConvertToRunikModalProps) {
  const amountId = useId();
  const held = city.holdings;
  const selectable = (resource: ResourceKey) => held[resource] > MIN_SELECTABLE_THOUSANDTHS;
  const [initial] = useState(() => (suggest ? guideSuggestion(held) : { checked: [], amountText: '' }));
  const [checked, setChecked] = useState<ResourceKey[]>(initial.checked);
  const [amountText, setAmountText] = useState(initial.amountText);
  const [formError, setFormError] = useState<string | null>(null);
  const convert = useConvertToRunik(username);
  const showToast = useShowToast();

  const selected = RESOURCE_KEYS.filter((resource) => checked.includes(resource) && selectable(resource));
  const amount = parseAmountInput(amountText, 2);
  const { preview, loading } = useConvertPreview(username, selected, amount);
  // The rules the server applies, for validation and for Max before a preview exists (the day's cap as the preview last said).
  const local = previewToRunik(
    selected,
    amount ?? 0,
    held,
    CONVERSION_TERMS,
    preview ? toThousandths(preview.conversionLeftToday) : undefined,
  );
  const maxAmount = preview ? toThousandths(preview.maxAmount) : local.maxAmount;
  // What keeps a first batch of infantry trainable (issue 35: Max on every resource left no wheat).
  const safeAmount = floorTo(Math.min(safeConversionAmount(selected, held), maxAmount), 1);
  const leftShort = amount === null ? [] : resourcesLeftShort(selected, amount, held);
  // The guide's amount follows the day's limit the preview reads, until the player changes the form.
  const [followSuggestion, setFollowSuggestion] = useState(initial.amountText !== '');
  useEffect(() => {
    if (followSuggestion && safeAmount > 0 && amount !== safeAmount) setAmountText(toDecimalString(safeAmount, 1));
  }, [followSuggestion, safeAmount, amount]);

  const toggle = (resource: ResourceKey, on: boolean) => {
    setFollowSuggestion(false);
    setFormError(null);
    setChecked((previous) => (on ? [...previous, resource] : previous.filter((key) => key !== resource)));
  };

  const changeAmount = (text: string) => {
    if (!isAmountDraft(text, 2)) return;
    setFollowSuggestion(false);
    setFormError(null);
    setAmountText(text);
  };

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate();
    setFormError(problem);
    if (problem || amount === null) return;
    const names = selected.map(resourceLabel).join(', ');
    const question = `Convert ${formatResource(amount)} each of ${names} to ${formatRunik(local.runikAfterTax)} RUNIK after ${local.taxRatePercent}% tax?`;
    if (!(await confirm(question))) return;
    convert.mutate(
      { selectedResources: selected, amount: toDecimalString(amount, 2) },
      {
        // Done: the popup closes and says what came in (issue 45: it stayed open over the City).
        onSuccess: (response) => {
          showToast(`Converted! You received ${formatRunikDecimal(response.runikGained)} RUNIK.`);
          onClose();
        },
      },
    );
  };

  const validate = (): string | null => {
    if (selected.length === 0) return CityMessages.selectResource;
    if (amount === null || amount <= 0) return CityMessages.invalidAmount;
    if (amount > maxAmount) return CityMessages.amountExceedsMax(formatResource(maxAmount));
    if (!local.feasible || (preview && !preview.feasible)) return CityMessages.insufficientForAmount;
    return null;
  };

  const insufficient = preview && !preview.feasible ? CityHints.insufficientWithMax(formatResource(maxAmount)) : null;

  return (
    <Modal title="Convert Resources to RUNIK" onClose={onClose} testId="convert-to-runik-modal">
      <form className="city-popup" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="city-popup__fieldset">
          <legend className="field__label">Resources</legend>
          {RESOURCE_KEYS.map((resource) => (
            <div key={resource} className="city-check">
              <label className="city-check__label">
                <input
                  type="checkbox"
                  checked={selected.includes(resource)}
                  disabled={!selectable(resource)}
                  onChange={(event) => toggle(resource, event.target.checked)}
                />
                <span>{resourceLabel(resource)}</span>
              </label>
              <span className="city-muted" data-testid={`held-${resource}`}>
                {formatResource(held[resource])}
              </span>
            </div>
          ))}
        </fieldset>
        <AmountField
          id={amountId}
          label="Amount of each"
          placeholder="0.00"
          value={amountText}
          onChange={changeAmount}
          onMax={() => changeAmount(toDecimalString(floorTo(maxAmount, 1), 1))}
          maxDisabled={selected.length === 0}
        />
        {selected.length > 0 && safeAmount > 0 && safeAmount < maxAmount && (
          <p className="city-muted city-safe-amount" data-testid="safe-amount">
            Suggested: {formatResource(safeAmount)} each keeps enough to train {TRAINING_RESERVE_INFANTRY} infantry.{' '}
            <button type="button" className="button button--small" onClick={() => changeAmount(toDecimalString(safeAmount, 1))}>
              Use {formatResource(safeAmount)}
            </button>
          </p>
        )}
        {leftShort.length > 0 && (
          <div className="city-reserve-warning" role="status" data-testid="reserve-warning">
            <p>
              This leaves too little {leftShort.map(resourceLabel).join(', ')} to train {TRAINING_RESERVE_INFANTRY} infantry. If you run
              short, Convert RUNIK to Resources buys them back.
            </p>
            <button type="button" className="button button--small" onClick={onConvertBack}>
              Convert RUNIK to Resources
            </button>
          </div>
        )}
        {insufficient && (
          <p className="city-inline-error" data-testid="insufficient-hint">
            {insufficient}
          </p>
        )}
        <ConvertPreview preview={preview} loading={loading} />
        {formError && <Message tone="error">{formError}</Message>}
        <button type="submit" className="button button--primary" disabled={convert.isPending} aria-busy={convert.isPending}>
          Convert
        </button>
      </form>
    </Modal>
  );
}

/** The resources the guide's card names (lumber, stone and ore: the wheat feeds the troops) and their suggested amount. */
const GUIDE_RESOURCES: readonly ResourceKey[] = ['lumber', 'stone', 'ore'];

/** What the popup opens with from the guide: those of the card's resources held, each at the amount that keeps the reserve. */
export function guideSuggestion(held: CityState['holdings']): { checked: ResourceKey[]; amountText: string } {
  const checked = GUIDE_RESOURCES.filter((resource) => held[resource] > MIN_SELECTABLE_THOUSANDTHS);
  const maxAmount = previewToRunik(checked, 0, held, CONVERSION_TERMS).maxAmount;
  const amount = floorTo(Math.min(safeConversionAmount(checked, held), maxAmount), 1);
  return amount > 0 ? { checked, amountText: toDecimalString(amount, 1) } : { checked, amountText: '' };
}

function ConvertPreview({ preview, loading }: Pick<ReturnType<typeof useConvertPreview>, 'preview' | 'loading'>) {
  if (!preview) return loading ? <p className="city-muted">Calculating…</p> : null;
  return (
    <dl className="city-costs" data-testid="convert-preview">
      {RESOURCE_KEYS.map((resource) => {
        const amount = preview.resourceAmounts[resource];
        return amount === undefined ? null : (
          <div key={resource} className="city-costs__row">
            <dt>{resourceLabel(resource)}</dt>
            <dd data-testid={`preview-${resource}`}>-{formatResourceDecimal(amount)}</dd>
          </div>
        );
      })}
      <div className="city-costs__row">
        <dt>Tax</dt>
        <dd data-testid="preview-tax">{preview.taxRatePercent}%</dd>
      </div>
      <div className="city-costs__row">
        <dt>RUNIK after tax</dt>
        <dd data-testid="preview-runik">{formatRunikDecimal(preview.runikAfterTax)}</dd>
      </div>
      <div className="city-costs__row">
        <dt>Left to convert today</dt>
        <dd data-testid="preview-left-today">
          {formatRunikDecimal(preview.conversionLeftToday)} of {formatRunikDecimal(preview.conversionCapPerDay)} RUNIK
        </dd>
      </div>
      {preview.conversionLimitedBy !== 'cap' && (
        <div className="city-costs__row" data-testid="preview-emission">
          <dt>Why</dt>
          <dd>{emissionReason[preview.conversionLimitedBy](formatRunikDecimal(preview.emissionShareToday ?? 0))}</dd>
        </div>
      )}
    </dl>
  );
}

/** Why the emission, not the daily cap, bounds a conversion (`share`: the player's share today, formatted). */
const emissionReason: Record<EmissionLimit, (share: string) => string> = {
  share: (share) => `Your share of today's RUNIK emission is ${share} RUNIK, set by yesterday's harvests.`,
  young: (share) => `A new account shares in at most ${share} RUNIK of the emission a day in its first ${EARN_BACK_FLOOR_DAYS} game days.`,
  newcomers: () =>
    "Today's RUNIK emission for players who harvested nothing yesterday is nearly spent; harvest today to share in tomorrow's.",
  releases: () => "Today's RUNIK emission for all players is nearly spent; it renews at the daily reset.",
  budget: () => "Today's RUNIK emission for all players is nearly spent; it renews at the daily reset.",
};
