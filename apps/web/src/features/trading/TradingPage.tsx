import { useEffect, useState } from 'react';
import { TradingMessages } from '@runik/contract';
import { LateActivation } from '../../shared/activation/LateActivation';
import { toUserMessage } from '../../shared/errors';
import { useSession } from '../../shared/use-session';
import { Message } from '../../ui/Message';
import { StatePanel } from '../../ui/StatePanel';
import { useMyListings, useTradeUserData } from './trading-api';
import { TradingTexts } from './trading-texts';
import { TradingFeedback } from './TradingFeedback';
import { TradingTabs } from './TradingTabs';
import type { Feedback } from './use-trade-action';
import './trading.css';
import { TradingArt } from './TradingArt';

const ACTIVATION_OFFER_ID = 'trading-activation-offer';

/** The Gear Marketplace (route /p2p, spec section 2): tabs Marketplace, My Listings and List Item. */
export function TradingPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="trading" aria-labelledby="trading-title">
      <h1 id="trading-title" className="trading__title">
        {TradingTexts.title}
      </h1>
      <TradingArt />
      {username ? <TradingView username={username} /> : <StatePanel>{TradingMessages.loginMarketplace}</StatePanel>}
    </section>
  );
}

/** The trade data comes first: the privilege and the balance decide which actions are open. */
function TradingView({ username }: { username: string }) {
  const userData = useTradeUserData(username);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const myListings = useMyListings(username, feedback?.listingId !== undefined).data;
  // 'Gear listed successfully!' is old news once the listing is sold or removed (issue 35).
  const listingGone =
    feedback?.listingId !== undefined && myListings !== undefined && !myListings.some((listing) => listing._id === feedback.listingId);
  useEffect(() => {
    if (listingGone) setFeedback(null);
  }, [listingGone]);

  if (!userData.data) {
    return userData.isError ? (
      <StatePanel error onRetry={() => void userData.refetch()}>
        {toUserMessage(userData.error, TradingMessages.failedUserData)}
      </StatePanel>
    ) : (
      <StatePanel>{TradingTexts.loading}</StatePanel>
    );
  }
  const { canWithdraw, runikBalance } = userData.data;

  return (
    <>
      {!canWithdraw && (
        <div className="trading-restricted" data-testid="trading-restricted">
          <Message tone="error">{TradingMessages.tradingRestricted}</Message>
          <p className="trading-restricted__unlock" data-testid="trading-activation-unlocks">
            {TradingTexts.activationUnlocks} <a href={`#${ACTIVATION_OFFER_ID}`}>{TradingTexts.activationLink}</a>
          </p>
        </div>
      )}
      {/* A free account trades once activated (issue 44): the offer, and its outcome once activated here. */}
      <LateActivation username={username} canWithdraw={canWithdraw} id={ACTIVATION_OFFER_ID} />
      <p className="trading__balance" data-testid="trading-balance">
        {TradingTexts.balance(runikBalance)}
      </p>
      <TradingFeedback feedback={feedback} onDismiss={() => setFeedback(null)} />
      <TradingTabs context={{ username, canTrade: canWithdraw, runikBalance, report: setFeedback }} />
    </>
  );
}
