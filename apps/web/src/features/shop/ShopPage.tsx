import { useState } from 'react';
import { ShopMessages, shopPaymentMemo, type ShopItemsResponse, type ShopPurchaseStatusResponse } from '@runik/contract';
import { GAME_ACCOUNT } from '../../shared/config';
import { useSession } from '../../shared/use-session';
import { StatList, StatRow } from '../../ui/StatList';
import { StatePanel } from '../../ui/StatePanel';
import { formatBalance, formatPrice, swapHiveQuantity } from '../../wallet/amounts';
import { PayByHand } from '../../wallet/PayByHand';
import { SWAP_HIVE } from '../../wallet/swap-hive-payment';
import { PurchaseFeedback } from '../../wallet/PurchaseFeedback';
import { usePayment } from '../../wallet/use-payment';
import { useShopItems } from './shop-api';
import { ShopTexts, shopItemTestId } from './shop-messages';
import { ShopItemCard } from './ShopItemCard';
import { shopPaymentKind, shopPaymentRequest } from './shop-payment';
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
  const purchase = usePayment(shopPaymentKind(username));
  /** The item whose transfer the player made by hand, for its steps. */
  const [paidByHand, setPaidByHand] = useState<string | null>(null);

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
        walletWait={purchase.walletWait}
        handStep={purchase.handStep}
        onCancelWallet={purchase.cancelWallet}
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
                buying={purchase.paying === item.name}
                onBuy={(chosen) => {
                  if (purchase.blocked) return;
                  // A payment through HiveSigner's signing page shows its steps under its item, as one made by hand does.
                  setPaidByHand(chosen.name);
                  void purchase.pay(shopPaymentRequest(username, chosen));
                }}
                byHand={
                  <PayByHand
                    testId={`${shopItemTestId(item.name)}-by-hand`}
                    transfer={{
                      to: GAME_ACCOUNT,
                      amount: swapHiveQuantity(item.price),
                      symbol: SWAP_HIVE,
                      memo: shopPaymentMemo(username, item.name),
                    }}
                    step={paidByHand === item.name ? purchase.handStep : null}
                    sentLabel={`${formatPrice(item.price, SWAP_HIVE)} ${SWAP_HIVE}`}
                    creditedLabel={item.name}
                    blocked={purchase.blocked}
                    onOpen={() => {
                      setPaidByHand(item.name);
                      purchase.watchByHand();
                    }}
                    onSent={() => {
                      setPaidByHand(item.name);
                      purchase.sentByHand();
                    }}
                  />
                }
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
