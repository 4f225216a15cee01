import { useId, useState, type FormEvent } from 'react';
import { GearMessages, TradingMessages, type Gear } from '@runik/contract';
import { toUserMessage } from '../../shared/errors';
import { StatePanel } from '../../ui/StatePanel';
import { useConfirm } from '../../ui/ConfirmDialog';
import { bestFirst, displayName } from '../../shared/gear/gear-format';
import { GearCard } from '../../shared/gear/GearCard';
import { ListGearForm } from './ListGearForm';
import { postListGear, useTradeAvailableGears } from './trading-api';
import { listingFeeRunik, parsePrice } from './trading-format';
import { TradingConfirms, TradingTexts } from './trading-texts';
import { useTradeAction, type TradeContext } from './use-trade-action';

/** Listing a gear: pick one of the available gears, set a price, see the fee, list. */
export function ListItemTab({ context }: { context: TradeContext }) {
  const { username, runikBalance, report } = context;
  const gears = useTradeAvailableGears(username);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [priceText, setPriceText] = useState('');
  const list = useTradeAction(context, {
    request: postListGear,
    fallback: TradingMessages.failedList,
    // The server's text names the fee it took: 'Gear listed successfully! Fee: {n} RUNIK'.
    success: (response) => response.message,
    listingOf: (response) => response.listing._id,
  });

  // A gear equipped or listed meanwhile (another tab) drops out of the list on reload, and so out of the selection.
  const selected = gears.data?.find((gear) => gear.gearId === selectedId) ?? null;

  // The spec's checks in its order (section 5); the server checks them all again.
  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = parsePrice(priceText);
    if (!selected || price.kind === 'empty') return report({ tone: 'error', text: TradingMessages.selectGearAndPrice });
    if (price.kind === 'invalid') return report({ tone: 'error', text: TradingMessages.invalidPrice });
    const fee = listingFeeRunik(price.price);
    if (runikBalance < fee) return report({ tone: 'error', text: TradingMessages.listingFeeShort(fee) });
    if (
      !(await confirm({
        title: 'List gear?',
        message: TradingConfirms.list(displayName(selected), price.price, fee),
        confirmLabel: 'List Gear',
      }))
    )
      return;
    list.mutate(
      { hiveUsername: username, gearId: selected.gearId, price: price.price },
      {
        onSuccess: () => {
          setSelectedId(null);
          setPriceText('');
        },
      },
    );
  };

  return (
    <div className="trading-tab trading-list-item">
      <ListGearForm
        context={context}
        selected={selected}
        priceText={priceText}
        onPriceChange={setPriceText}
        listing={list.isPending}
        onSubmit={(event) => void submit(event)}
      />
      {gears.data && <GearChoices gears={gears.data} selectedId={selected?.gearId ?? null} onSelect={setSelectedId} />}
      {!gears.data && gears.isError && (
        <StatePanel error onRetry={() => void gears.refetch()}>
          {toUserMessage(gears.error, GearMessages.failedAvailable)}
        </StatePanel>
      )}
      {!gears.data && !gears.isError && <StatePanel>{TradingTexts.loadingGears}</StatePanel>}
    </div>
  );
}

interface GearChoicesProps {
  gears: Gear[];
  selectedId: number | null;
  onSelect: (gearId: number) => void;
}

/** The gears that could be listed, one radio each; the chosen one is ringed. */
function GearChoices({ gears, selectedId, onSelect }: GearChoicesProps) {
  const name = useId();
  if (gears.length === 0) return <StatePanel>{TradingTexts.noAvailableGears}</StatePanel>;
  return (
    // Not a list: a radiogroup's children are radios, and axe refuses list items outside a list (issue 35).
    <div className="tile-grid" role="radiogroup" aria-label="Gear to list">
      {bestFirst(gears).map((gear) => (
        <div key={gear.gearId}>
          <GearCard gear={gear} highlight={gear.gearId === selectedId ? 'target' : undefined}>
            <label className="trading-choice">
              <input
                type="radio"
                name={name}
                value={gear.gearId}
                checked={gear.gearId === selectedId}
                onChange={() => onSelect(gear.gearId)}
                data-testid={`list-gear-${gear.gearId}`}
              />
              Select
            </label>
          </GearCard>
        </div>
      ))}
    </div>
  );
}
