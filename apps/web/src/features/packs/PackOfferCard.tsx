import type { ReactNode } from 'react';
import { PACK_BULK_SIZE } from '@runik/rules';
import type { PackPrices } from '@runik/contract';
import { Card } from '../../ui/Card';
import { CurrencyIcon, type Currency } from '../../ui/icons/CurrencyIcon';
import { PriceTag } from '../../ui/PriceTag';
import { formatPrice } from '../../wallet/amounts';
import type { PackCount } from './packs-api';
import { packsLabel } from './packs-format';
import { PackTexts } from './packs-messages';

interface PackOfferCardProps {
  /** As the player reads it: RUNIK or SWAP.HIVE. */
  currency: Currency;
  testId: string;
  prices: PackPrices;
  canAfford: { single: boolean; bulk: boolean };
  /** Another purchase is under way (or, for SWAP.HIVE, one is pending). */
  blocked: boolean;
  onBuy: (packCount: PackCount, price: number) => void;
  /** What the row shows beside its Buy button: the transfer to make by hand (SWAP.HIVE only). */
  byHand?: (packCount: PackCount, price: number) => ReactNode;
}

/** One currency's offers: a single pack and the bulk of 10, with their prices and Buy buttons. */
export function PackOfferCard({ currency, testId, prices, canAfford, blocked, onBuy, byHand }: PackOfferCardProps) {
  const offers = [
    { packCount: 1, price: prices.single, affordable: canAfford.single, key: 'single' },
    { packCount: PACK_BULK_SIZE, price: prices.bulk, affordable: canAfford.bulk, key: 'bulk' },
  ] as const;
  return (
    <Card
      as="article"
      testId={testId}
      titleId={`${testId}-title`}
      title={
        <>
          <CurrencyIcon currency={currency} /> Pay with {currency}
        </>
      }
    >
      <ul className="pack-offer__list">
        {offers.map(({ packCount, price, affordable, key }) => (
          <li key={key} className="pack-offer__row">
            <div className="pack-offer__label">
              <span className="pack-offer__count">{packsLabel(packCount)}</span>
              <PriceTag amount={formatPrice(price, currency)} currency={currency} testId={`${testId}-${key}-price`} />
              {!affordable && <span className="hint hint--error">{PackTexts.cantAfford(currency)}</span>}
            </div>
            <button
              type="button"
              className="button button--primary pack-offer__buy"
              disabled={!affordable || blocked}
              onClick={() => onBuy(packCount, price)}
            >
              Buy {packsLabel(packCount)} ({currency})
            </button>
            {byHand?.(packCount, price)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
