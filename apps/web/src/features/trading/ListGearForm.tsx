import { useId, type FormEvent } from 'react';
import { TradingMessages, type Gear } from '@runik/contract';
import { displayName } from '../../shared/gear/gear-format';
import { listingFeeRunik, parsePrice, sellerReceivesRunik } from './trading-format';
import { TradingTexts } from './trading-texts';
import type { TradeContext } from './use-trade-action';

interface ListGearFormProps {
  context: TradeContext;
  selected: Gear | null;
  priceText: string;
  onPriceChange: (text: string) => void;
  listing: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** The chosen gear, the price, the fee and the seller's share as the price is typed, and List Gear. */
export function ListGearForm({ context, selected, priceText, onPriceChange, listing, onSubmit }: ListGearFormProps) {
  const id = useId();
  const price = parsePrice(priceText);

  return (
    // noValidate: the spec's messages (section 5) go to the feedback line, not the browser's bubbles.
    <form className="trading-list-form panel" aria-label="List a gear" noValidate onSubmit={onSubmit}>
      <p className="trading-list-form__selected" data-testid="list-selected">
        {selected ? TradingTexts.selected(displayName(selected)) : TradingTexts.noneSelected}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-price`}>
          {TradingTexts.priceLabel}
        </label>
        {/* Text with a numeric keypad: a number input would hide what was typed when it is not a number. */}
        <input
          id={`${id}-price`}
          className="field__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={priceText}
          onChange={(event) => onPriceChange(event.target.value)}
        />
      </div>
      <div className="trading-list-form__quote" aria-live="polite">
        {price.kind === 'valid' && <PriceQuote price={price.price} runikBalance={context.runikBalance} />}
        {price.kind === 'invalid' && <p className="hint hint--error">{TradingMessages.invalidPrice}</p>}
      </div>
      <button type="submit" className="button button--primary" disabled={!context.canTrade || listing} aria-busy={listing}>
        List Gear
      </button>
    </form>
  );
}

/** The fee (spec section 9: the larger of 10 and 2% rounded up) and the seller's 96%. */
function PriceQuote({ price, runikBalance }: { price: number; runikBalance: number }) {
  const fee = listingFeeRunik(price);
  return (
    <>
      <p className={runikBalance < fee ? 'hint hint--error' : 'hint'} data-testid="listing-fee">
        {TradingTexts.fee(fee)}
      </p>
      <p className="hint" data-testid="seller-receives">
        {TradingTexts.receives(sellerReceivesRunik(price))}
      </p>
      <p className="hint hint--muted">
        {TradingTexts.feeNote} {TradingTexts.receivesNote}
      </p>
    </>
  );
}
