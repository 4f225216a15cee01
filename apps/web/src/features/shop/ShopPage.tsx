import { ShopMessages, type ShopItemsResponse, type ShopPurchaseStatusResponse } from '@runik/contract';
import { useSession } from '../../shared/use-session';
import { StatList, StatRow } from '../../ui/StatList';
import { StatePanel } from '../../ui/StatePanel';
import { formatBalance } from '../../wallet/amounts';
import { PurchaseFeedback } from '../../wallet/PurchaseFeedback';
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
      {username ? <Shop username={username} /> : <StatePanel>{ShopTexts.loginShop}</StatePanel>}
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
        <StatePanel error onRetry={() => void items.refetch()} retryLabel={ShopTexts.retry}>
          {ShopMessages.failedItems}
        </StatePanel>
      ) : (
        <StatePanel>{ShopTexts.loading}</StatePanel>
      )}

      <PurchaseFeedback
        testId="shop-feedback"
        error={purchase.error}
        paymentTxId={purchase.paymentTxId}
        notice={
          purchase.notice && (
            <>
              {purchase.notice}
              {purchase.waitingFor && <span className="shop-feedback__item">{ShopTexts.pendingItem(purchase.waitingFor)}</span>}
            </>
          )
        }
        canCheckAgain={purchase.canCheckAgain}
        onCheckAgain={purchase.checkAgain}
      >
        {purchase.confirmed && <Confirmed status={purchase.confirmed} />}
      </PurchaseFeedback>

      {items.data &&
        (items.data.items.length === 0 ? (
          <StatePanel>{ShopTexts.empty}</StatePanel>
        ) : (
          <div className="tile-grid shop-items">
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
    <StatList variant="tiles" className="panel">
      <StatRow label={ShopTexts.balance} testId="shop-hive-balance">
        {formatBalance(shop.hiveBalance)}
      </StatRow>
    </StatList>
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
