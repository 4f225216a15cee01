import { useState } from 'react';
import { TradingMessages } from '@runik/contract';
import { toUserMessage } from '../../app/errors';
import { useSession } from '../../app/use-session';
import { Message } from '../../ui/Message';
import { GearPlaceholder } from '../gears/GearFeedback';
import { useTradeUserData } from './p2p-api';
import { P2pTexts } from './p2p-texts';
import { P2pFeedback } from './P2pFeedback';
import { P2pTabs } from './P2pTabs';
import type { Feedback } from './use-trade-action';
import './p2p.css';

/** The Gear Marketplace (route /p2p, spec section 2): tabs Marketplace, My Listings and List Item. */
export function P2pPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="p2p" aria-labelledby="p2p-title">
      <h1 id="p2p-title" className="p2p__title">
        {P2pTexts.title}
      </h1>
      {username ? <P2pView username={username} /> : <GearPlaceholder>{TradingMessages.loginMarketplace}</GearPlaceholder>}
    </section>
  );
}

/** The trade data comes first: the privilege and the balance decide which actions are open. */
function P2pView({ username }: { username: string }) {
  const userData = useTradeUserData(username);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  if (!userData.data) {
    return userData.isError ? (
      <GearPlaceholder error>{toUserMessage(userData.error, TradingMessages.failedUserData)}</GearPlaceholder>
    ) : (
      <GearPlaceholder>{P2pTexts.loading}</GearPlaceholder>
    );
  }
  const { canWithdraw, runikBalance } = userData.data;

  return (
    <>
      {!canWithdraw && (
        <div className="p2p-restricted" data-testid="trading-restricted">
          <Message tone="error">{TradingMessages.tradingRestricted}</Message>
        </div>
      )}
      <p className="p2p__balance" data-testid="p2p-balance">
        {P2pTexts.balance(runikBalance)}
      </p>
      <P2pFeedback feedback={feedback} onDismiss={() => setFeedback(null)} />
      <P2pTabs context={{ username, canTrade: canWithdraw, runikBalance, report: setFeedback }} />
    </>
  );
}
