import type { ReactNode } from 'react';
import type { ShopItemDto } from '@runik/contract';
import { Card } from '../../ui/Card';
import { PriceTag } from '../../ui/PriceTag';
import { formatPrice } from '../../wallet/amounts';
import { SWAP_HIVE } from '../../wallet/swap-hive-payment';
import { ShopTexts, shopItemTestId } from './shop-messages';

interface ShopItemCardProps {
  item: ShopItemDto;
  /** Another purchase is under way or pending. */
  blocked: boolean;
  /** This item is being paid for now. */
  buying: boolean;
  onBuy: (item: ShopItemDto) => void;
  /** The transfer to make by hand instead, under the Buy button. */
  byHand?: ReactNode;
}

/** One item: name, price, rewards, which purchase the next one is, its limit and the Buy button. */
export function ShopItemCard({ item, blocked, buying, onBuy, byHand }: ShopItemCardProps) {
  const testId = shopItemTestId(item.name);
  const titleId = `${testId}-title`;
  const limitReached = item.limit !== null && item.nextPurchaseCount > item.limit;
  return (
    <Card
      as="article"
      className="shop-item"
      testId={testId}
      titleId={titleId}
      title={item.name}
      actions={<PriceTag amount={formatPrice(item.price, SWAP_HIVE)} currency={SWAP_HIVE} testId={`${testId}-price`} />}
    >
      <ul className="shop-item__rewards" aria-label={ShopTexts.rewards}>
        {item.rewards.map((reward) => (
          <li key={reward}>{reward}</li>
        ))}
      </ul>
      <div className="shop-item__facts">
        <span>{ShopTexts.purchaseNumber(item.nextPurchaseCount)}</span>
        {item.limit !== null && <span>{ShopTexts.limit(item.limit)}</span>}
      </div>
      {!item.canAfford && <p className="hint hint--error">{limitReached ? ShopTexts.limitReached : ShopTexts.cantAfford}</p>}
      <button
        type="button"
        className="button button--primary shop-item__buy"
        disabled={!item.canAfford || blocked}
        aria-describedby={titleId}
        onClick={() => onBuy(item)}
      >
        {buying ? ShopTexts.buying : ShopTexts.buy}
      </button>
      {!limitReached && byHand}
    </Card>
  );
}
