import { useState, type ReactNode } from 'react';
import { useMyAlliance } from '../../shared/my-alliance';
import { apiErrorMessage } from '../../api/http-client';
import { useSession } from '../../shared/use-session';
import { StatePanel } from '../../ui/StatePanel';
import { AllianceTexts } from './alliance-messages';
import { AllianceFeedback } from './AllianceFeedback';
import { MyAllianceView } from './MyAllianceView';
import { NoAllianceView } from './NoAllianceView';
import type { Feedback } from './use-alliance-action';
import { AllianceArt } from './AllianceArt';
import './alliance.css';

/** The Alliance screen (spec section 2): the My Alliance view with an alliance, else Create or Join. */
export function AlliancePage() {
  const username = useSession()?.hiveUsername ?? null;
  const myAlliance = useMyAlliance(username);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  let content: ReactNode;
  if (!username) content = <StatePanel>{AllianceTexts.logIn}</StatePanel>;
  else if (myAlliance.data) content = <MyAllianceView username={username} alliance={myAlliance.data} report={setFeedback} />;
  else if (myAlliance.data === null) content = <NoAllianceView username={username} report={setFeedback} />;
  else if (myAlliance.isError)
    content = (
      <StatePanel error onRetry={() => void myAlliance.refetch()} retryLabel="Retry">
        {AllianceTexts.loadFailed(apiErrorMessage(myAlliance.error))}
      </StatePanel>
    );
  else content = <StatePanel>{AllianceTexts.loading}</StatePanel>;

  return (
    <section className="alliance" aria-labelledby="alliance-title">
      <h1 id="alliance-title" className="alliance__title">
        Alliance
      </h1>
      <AllianceArt />
      <AllianceFeedback feedback={feedback} onDismiss={() => setFeedback(null)} />
      {content}
    </section>
  );
}
