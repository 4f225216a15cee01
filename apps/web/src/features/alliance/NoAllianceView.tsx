import { useState } from 'react';
import { AllianceTexts } from './alliance-messages';
import { CreateAllianceForm } from './CreateAllianceForm';
import { InvitationOffer } from './InvitationOffer';
import { JoinAllianceList } from './JoinAllianceList';
import type { ReportFeedback } from './use-alliance-action';

interface NoAllianceViewProps {
  username: string;
  report: ReportFeedback;
}

/**
 * Without an alliance: the two choices, then the chosen one alone (with Back), so the
 * form's Create Alliance button is the only one on screen.
 */
export function NoAllianceView({ username, report }: NoAllianceViewProps) {
  const [choice, setChoice] = useState<'create' | 'join' | null>(null);
  const back = () => setChoice(null);

  if (choice === 'create') return <CreateAllianceForm username={username} report={report} onBack={back} />;
  if (choice === 'join') return <JoinAllianceList username={username} report={report} onBack={back} />;
  return (
    <>
      <InvitationOffer username={username} report={report} />
      <div className="alliance-choices">
        <article className="panel alliance-card alliance-choice">
          <h2 className="alliance-card__title">Found an alliance</h2>
          <p className="alliance-muted">Lead your own alliance, pick its banner and decide who joins.</p>
          <p className="alliance-choice__cost" data-testid="alliance-creation-cost">
            {AllianceTexts.creationCost}
          </p>
          <button type="button" className="button button--primary" onClick={() => setChoice('create')}>
            Create Alliance
          </button>
        </article>
        <article className="panel alliance-card alliance-choice">
          <h2 className="alliance-card__title">Join an alliance</h2>
          <p className="alliance-muted">Ask to join an existing alliance; its leader accepts or rejects the request.</p>
          <button type="button" className="button" onClick={() => setChoice('join')}>
            Join Alliance
          </button>
        </article>
      </div>
    </>
  );
}
