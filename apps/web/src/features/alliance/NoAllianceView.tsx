import { useState } from 'react';
import { Card } from '../../ui/Card';
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
        <Card as="article" className="alliance-choice" title="Found an alliance">
          <p className="alliance-muted">Lead your own alliance, pick its banner and decide who joins.</p>
          <p className="alliance-choice__cost" data-testid="alliance-creation-cost">
            {AllianceTexts.creationCost}
          </p>
          <button type="button" className="button button--primary" onClick={() => setChoice('create')}>
            Create Alliance
          </button>
        </Card>
        <Card as="article" className="alliance-choice" title="Join an alliance">
          <p className="alliance-muted">Ask to join an existing alliance; its leader accepts or rejects the request.</p>
          <button type="button" className="button" onClick={() => setChoice('join')}>
            Join Alliance
          </button>
        </Card>
      </div>
    </>
  );
}
