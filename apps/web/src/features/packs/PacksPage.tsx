import type { ReactNode } from 'react';
import { PackMessages, type PackInfoResponse } from '@runik/contract';
import { useSession } from '../../app/use-session';
import { Message } from '../../ui/Message';
import { formatBalance } from '../../wallet/amounts';
import { DEFAULT_PURCHASE_POLLING, SWAP_HIVE } from '../../wallet/swap-hive-payment';
import { PackOdds } from './PackOdds';
import { PackOfferCard } from './PackOfferCard';
import { PackOpeningOverlay } from './PackOpeningOverlay';
import { usePackInfo, usePendingPurchase } from './packs-api';
import { PackTexts } from './packs-messages';
import { usePackOpening } from './use-pack-opening';
import { usePackPurchases } from './use-pack-purchases';
import './packs.css';

/** The Pack store (spec section 2): prices, affordability, counts bought, purchases and the opening overlay. */
export function PacksPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="packs" aria-labelledby="packs-title">
      <h1 id="packs-title" className="packs__title">
        {PackTexts.title}
      </h1>
      {username ? <PackStore username={username} /> : <Placeholder>{PackMessages.loginPacks}</Placeholder>}
    </section>
  );
}

function PackStore({ username }: { username: string }) {
  const info = usePackInfo(username);
  const opening = usePackOpening(username);
  const purchases = usePackPurchases(username, DEFAULT_PURCHASE_POLLING, opening.open);

  return (
    <>
      {info.data ? (
        <PackSummary info={info.data} />
      ) : info.isError ? (
        <div className="packs-placeholder panel">
          <Message tone="error">{PackMessages.infoFailed}</Message>
          <button type="button" className="button" onClick={() => void info.refetch()}>
            {PackTexts.retry}
          </button>
        </div>
      ) : (
        <Placeholder>{PackTexts.loading}</Placeholder>
      )}

      <div className="packs-feedback" data-testid="pack-feedback">
        {purchases.error && <Message tone="error">{purchases.error}</Message>}
        {purchases.paymentTxId && <p className="packs-feedback__reference">{PackTexts.paymentReference(purchases.paymentTxId)}</p>}
        {purchases.notice && <Message tone="info">{purchases.notice}</Message>}
        {purchases.canCheckAgain && (
          <div className="packs-feedback__pending">
            <span>{PackTexts.stillPending}</span>
            <button type="button" className="button" onClick={purchases.checkAgain}>
              {PackTexts.checkAgain}
            </button>
          </div>
        )}
      </div>
      <UnopenedPacks username={username} onOpen={opening.open} />

      {info.data && (
        <div className="packs-offers">
          <PackOfferCard
            currency="RUNIK"
            testId="runik-offers"
            prices={info.data.prices.runik}
            canAfford={info.data.canAfford.runik}
            blocked={purchases.busy !== null}
            onBuy={(packCount) => void purchases.buyWithRunik(packCount)}
          />
          <PackOfferCard
            currency={SWAP_HIVE}
            testId="hive-offers"
            prices={info.data.prices.hive}
            canAfford={info.data.canAfford.hive}
            blocked={purchases.busy !== null || purchases.hiveBlocked}
            onBuy={(packCount, price) => void purchases.buyWithHive(packCount, price)}
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
    <dl className="packs-summary panel" data-testid="pack-summary">
      {items.map(({ label, value, testId }) => (
        <div key={testId} className="packs-summary__item">
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <p className="packs-placeholder panel" role="status">
      {children}
    </p>
  );
}
