import { useState } from 'react';
import { PackMessages, packPaymentMemo, type PackInfoResponse } from '@runik/contract';
import { PACK_BULK_SIZE } from '@runik/rules';
import { apiErrorMessage } from '../../api/http-client';
import { useSession } from '../../shared/use-session';
import { useConfirm } from '../../ui/ConfirmDialog';
import { StatList, StatRow } from '../../ui/StatList';
import { StatePanel } from '../../ui/StatePanel';
import { formatBalance, formatPrice } from '../../wallet/amounts';
import { PayByHand } from '../../wallet/PayByHand';
import { PurchaseFeedback } from '../../wallet/PurchaseFeedback';
import { GAME_ACCOUNT } from '../../shared/config';
import { swapHiveQuantity } from '../../wallet/amounts';
import { SWAP_HIVE } from '../../wallet/swap-hive-payment';
import { usePayment } from '../../wallet/use-payment';
import { PackOdds } from './PackOdds';
import { PackOfferCard } from './PackOfferCard';
import { PackOpeningOverlay } from './PackOpeningOverlay';
import { packPaymentKind, packPaymentRequest } from './pack-payment';
import { usePackInfo, usePendingPurchase, useRunikPurchase, type PackCount } from './packs-api';
import { packsLabel } from './packs-format';
import { PackTexts } from './packs-messages';
import { usePackOpening } from './use-pack-opening';
import './packs.css';

/** The Pack store (spec section 2): prices, affordability, counts bought, purchases and the opening overlay. */
export function PacksPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="packs" aria-labelledby="packs-title">
      <h1 id="packs-title" className="packs__title">
        {PackTexts.title}
      </h1>
      {username ? <PackStore username={username} /> : <StatePanel>{PackMessages.loginPacks}</StatePanel>}
    </section>
  );
}

function PackStore({ username }: { username: string }) {
  const info = usePackInfo(username);
  const opening = usePackOpening(username);
  const payment = usePayment(packPaymentKind(username, opening.open));
  const runik = useRunikPurchase(username);
  /** One purchase at a time: a RUNIK one waits for a payment under way, not for a SWAP.HIVE purchase's confirmation. */
  const runikBlocked = runik.isPending || payment.paying !== null;

  // RUNIK purchases share the SWAP.HIVE payment's messages: a new attempt clears the last one's, an error shows there.
  const buyWithRunik = async (packCount: PackCount) => {
    if (runikBlocked) return;
    payment.startAttempt();
    try {
      const purchase = await runik.mutateAsync(packCount);
      if (purchase.status === 'confirmed') opening.open(purchase.packPurchaseId, purchase.packCount);
      else payment.setError(PackMessages.runikFailed);
    } catch (failure) {
      payment.setError(apiErrorMessage(failure, PackMessages.runikFailed));
    }
  };

  const buyWithHive = async (packCount: PackCount, price: number) => {
    if (runik.isPending || payment.blocked) return;
    // A payment through HiveSigner's signing page shows its steps under its offer, as one made by hand does.
    setPaidByHand(packCount);
    await payment.pay(packPaymentRequest(username, packCount, price, opening.open));
  };

  const confirm = useConfirm();
  /** The offer whose transfer the player made by hand, for its steps. */
  const [paidByHand, setPaidByHand] = useState<PackCount | null>(null);

  /** The bulk asks first, with its price (a single pack is bought at once). */
  const buyAfterAsking = async (
    currency: string,
    packCount: PackCount,
    price: number,
    buy: (packCount: PackCount, price: number) => Promise<void>,
  ) => {
    if (packCount === PACK_BULK_SIZE) {
      const question = PackTexts.confirmBulk(packsLabel(packCount), `${formatPrice(price, currency)} ${currency}`);
      if (!(await confirm({ message: question, confirmLabel: 'Buy' }))) return;
    }
    await buy(packCount, price);
  };

  return (
    <>
      {info.data ? (
        <PackSummary info={info.data} />
      ) : info.isError ? (
        <StatePanel error onRetry={() => void info.refetch()} retryLabel={PackTexts.retry}>
          {PackMessages.infoFailed}
        </StatePanel>
      ) : (
        <StatePanel>{PackTexts.loading}</StatePanel>
      )}

      <PurchaseFeedback
        testId="pack-feedback"
        error={payment.error}
        paymentTxId={payment.paymentTxId}
        notice={payment.notice}
        canCheckAgain={payment.canCheckAgain}
        onCheckAgain={payment.checkAgain}
        walletWait={payment.walletWait}
        handStep={payment.handStep}
        onCancelWallet={payment.cancelWallet}
      />
      <UnopenedPacks username={username} onOpen={opening.open} />

      {info.data && (
        <div className="packs-offers">
          <PackOfferCard
            currency="RUNIK"
            testId="runik-offers"
            prices={info.data.prices.runik}
            canAfford={info.data.canAfford.runik}
            blocked={runikBlocked}
            onBuy={(packCount, price) => void buyAfterAsking('RUNIK', packCount, price, buyWithRunik)}
          />
          <PackOfferCard
            currency={SWAP_HIVE}
            testId="hive-offers"
            prices={info.data.prices.hive}
            canAfford={info.data.canAfford.hive}
            blocked={runik.isPending || payment.blocked}
            onBuy={(packCount, price) => void buyAfterAsking(SWAP_HIVE, packCount, price, buyWithHive)}
            byHand={(packCount, price) => (
              <PayByHand
                testId={`hive-offers-${packCount === 1 ? 'single' : 'bulk'}-by-hand`}
                transfer={{
                  to: GAME_ACCOUNT,
                  amount: swapHiveQuantity(price),
                  symbol: SWAP_HIVE,
                  memo: packPaymentMemo(username, packCount),
                }}
                step={paidByHand === packCount ? payment.handStep : null}
                sentLabel={`${formatPrice(price, SWAP_HIVE)} ${SWAP_HIVE}`}
                creditedLabel={packsLabel(packCount)}
                blocked={runik.isPending || payment.blocked}
                onOpen={() => {
                  setPaidByHand(packCount);
                  payment.watchByHand();
                }}
                onSent={() => {
                  setPaidByHand(packCount);
                  payment.sentByHand();
                }}
              />
            )}
          />
        </div>
      )}
      <PackOdds />

      {opening.current && (
        <PackOpeningOverlay key={opening.current.purchaseId} opening={opening.current} onRetry={opening.retry} onClose={opening.close} />
      )}
    </>
  );
}

/** Confirmed purchases never opened (a closed tab, a failed overlay): their gears wait until opened. */
function UnopenedPacks({ username, onOpen }: { username: string; onOpen: (purchaseId: number, packCount: number) => void }) {
  const unopened = usePendingPurchase(username).data?.unopenedPurchaseIds ?? [];
  if (unopened.length === 0) return null;
  return (
    <div className="packs-unopened panel" data-testid="unopened-packs">
      <span>{PackTexts.unopened(unopened.length)}</span>
      {/* The count is unknown until opened; the overlay takes it from the opening's answer. */}
      <button type="button" className="button button--primary" onClick={() => unopened.forEach((purchaseId) => onOpen(purchaseId, 0))}>
        {PackTexts.openUnopened}
      </button>
    </div>
  );
}

/** Balances, the tier and the packs bought so far. */
function PackSummary({ info }: { info: PackInfoResponse }) {
  const items = [
    { label: 'RUNIK balance', value: formatBalance(info.balance.runik), testId: 'runik-balance' },
    { label: `${SWAP_HIVE} balance`, value: formatBalance(info.balance.hive), testId: 'hive-balance' },
    { label: 'Pack tier', value: String(info.tier), testId: 'pack-tier' },
    { label: 'Packs bought with RUNIK', value: String(info.userRunikPackCount), testId: 'runik-pack-count' },
    { label: `Packs bought with ${SWAP_HIVE}`, value: String(info.userHivePackCount), testId: 'hive-pack-count' },
  ];
  return (
    <StatList variant="tiles" className="panel" testId="pack-summary">
      {items.map(({ label, value, testId }) => (
        <StatRow key={testId} label={label} testId={testId}>
          {value}
        </StatRow>
      ))}
    </StatList>
  );
}
