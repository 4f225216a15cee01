import type { ReactNode } from 'react';
import { ShopMessages, type ShopItemsResponse, type ShopPurchaseStatusResponse } from '@runik/contract';
import { useSession } from '../../app/use-session';
import { Message } from '../../ui/Message';
import { formatBalance } from '../../wallet/amounts';
import { DEFAULT_PURCHASE_POLLING } from '../../wallet/swap-hive-payment';
import { useShopItems } from './shop-api';
import { ShopTexts } from './shop-messages';
import { ShopItemCard } from './ShopItemCard';
import { useShopPurchase } from './use-shop-purchase';
import './shop.css';

/** The Shop (spec section 2): items paid in SWAP.HIVE through the wallet extension, and the player's balance. */
export function ShopPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="shop" aria-labelledby="shop-title">
      <h1 id="shop-title" className="shop__title">
        {ShopTexts.title}
      </h1>
      {username ? <Shop username={username} /> : <Placeholder>{ShopTexts.loginShop}</Placeholder>}
    </section>
  );
}

function Shop({ username }: { username: string }) {
  const items = useShopItems(username);
  const purchase = useShopPurchase(username, DEFAULT_PURCHASE_POLLING);

  return (
    <>
      {items.data ? (
        <Balance shop={items.data} />
      ) : items.isError ? (
        <div className="shop-placeholder panel">
          <Message tone="error">{ShopMessages.failedItems}</Message>
          <button type="button" className="button" onClick={() => void items.refetch()}>
            {ShopTexts.retry}
          </button>
        </div>
      ) : (
        <Placeholder>{ShopTexts.loading}</Placeholder>
      )}

      <div className="shop-feedback" data-testid="shop-feedback">
        {purchase.error && <Message tone="error">{purchase.error}</Message>}
        {purchase.paymentTxId && <p className="shop-feedback__reference">{ShopTexts.paymentReference(purchase.paymentTxId)}</p>}
        {purchase.notice && (
          <Message tone="info">
            {purchase.notice}
            {purchase.waitingFor && <span className="shop-feedback__item">{ShopTexts.pendingItem(purchase.waitingFor)}</span>}
          </Message>
        )}
        {purchase.confirmed && <Confirmed status={purchase.confirmed} />}
        {purchase.canCheckAgain && (
          <div className="shop-feedback__pending">
            <span>{ShopTexts.stillPending}</span>
            <button type="button" className="button" onClick={purchase.checkAgain}>
              {ShopTexts.checkAgain}
            </button>
          </div>
        )}
      </div>

      {items.data &&
        (items.data.items.length === 0 ? (
          <Placeholder>{ShopTexts.empty}</Placeholder>
        ) : (
          <div className="shop-items">
            {items.data.items.map((item) => (
              <ShopItemCard
                key={item.name}
                item={item}
                blocked={purchase.blocked}
                buying={purchase.buyingItem === item.name}
                onBuy={(chosen) => void purchase.buy(chosen)}
              />
            ))}
          </div>
        ))}
    </>
  );
}

function Balance({ shop }: { shop: ShopItemsResponse }) {
  return (
    <dl className="shop-balance panel">
      <dt>{ShopTexts.balance}</dt>
      <dd data-testid="shop-hive-balance">{formatBalance(shop.hiveBalance)}</dd>
    </dl>
  );
}

/** The success text and what the purchase delivered. */
function Confirmed({ status }: { status: ShopPurchaseStatusResponse }) {
  return (
    <div className="shop-confirmed" role="status">
      <p className="shop-confirmed__text">{ShopMessages.confirmed}</p>
      <p className="shop-confirmed__item">{ShopTexts.confirmedItem(status.itemName, status.purchaseCount)}</p>
      {status.rewards.length > 0 && (
        <ul className="shop-confirmed__rewards" aria-label={ShopTexts.rewards}>
          {status.rewards.map((reward) => (
            <li key={reward}>{reward}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <p className="shop-placeholder panel" role="status">
      {children}
    </p>
  );
}
