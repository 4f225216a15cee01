import { useState } from 'react';
import { Card } from '../../ui/Card';
import { ParticipantsPower } from './ParticipantsPower';
import { useGarrisonDetails } from './throne-api';
import { ThroneTexts } from './throne-texts';

/** Garrison Details: a toggle section for the alliance holding the throne (spec section 2). */
export function GarrisonDetails() {
  const [open, setOpen] = useState(false);
  return (
    <Card
      titleId="throne-garrison-title"
      title={ThroneTexts.garrisonDetails}
      actions={
        <button type="button" className="button" aria-expanded={open} aria-controls="throne-garrison-body" onClick={() => setOpen(!open)}>
          {open ? 'Hide Garrison Details' : 'Show Garrison Details'}
        </button>
      }
    >
      {open && (
        <div id="throne-garrison-body">
          <GarrisonBody />
        </div>
      )}
    </Card>
  );
}

function GarrisonBody() {
  const details = useGarrisonDetails(true);
  if (details.isError) return <p className="throne-muted">{ThroneTexts.detailsUnavailable}</p>;
  if (!details.data) return <p className="throne-muted">{ThroneTexts.detailsLoading}</p>;
  if (details.data.participants.length === 0) return <p className="throne-muted">{ThroneTexts.garrisonEmpty}</p>;
  return (
    <ParticipantsPower
      participants={details.data.participants}
      powerLabel={ThroneTexts.garrisonPower}
      listLabel="Garrison participants"
      testId="garrison"
    />
  );
}
