import { ThroneMessages, type ThroneOccupier, type ThroneStatusResponse, type ThroneWar } from '@runik/contract';
import { formatPowerPoints } from '@runik/rules';
import { formatUtc, formatUtcClock } from '../../shared/format';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { Countdown as LiveCountdown } from '../../ui/Countdown';
import { StatList, StatRow } from '../../ui/StatList';
import { useNow } from '../../shared/city-clock';
import { Countdown } from './Countdown';
import { formatMinutesSeconds } from './throne-clock';
import { formatTroops } from './throne-format';
import { NextWarInfo } from './NextWarInfo';
import { ThroneTexts } from './throne-texts';

/** The phase's colour: gold while voting or waiting, red in battle, green once over. */
const PHASE_TONES: Record<ThroneWar['status'], 'gold' | 'danger' | 'success'> = {
  voting: 'gold',
  waiting: 'gold',
  active: 'danger',
  completed: 'success',
};

/** The Throne Status section: what the war's phase shows (spec section 4, "Throne status values"). */
export function ThroneStatusPanel({ status }: { status: ThroneStatusResponse }) {
  const war = status.throneWars;
  return (
    <Card
      titleId="throne-status-title"
      title={
        <>
          Throne Status
          {war && (
            <Badge tone={PHASE_TONES[war.status]} testId="throne-phase">
              {ThroneTexts.phase[war.status]}
            </Badge>
          )}
        </>
      }
    >
      {war ? (
        <WarStatus war={war} fullControlSeconds={status.config.THRONE_FULL_CONTROL} />
      ) : (
        <>
          <p className="throne-muted" data-testid="throne-none">
            {ThroneMessages.noneScheduled}
          </p>
          <NextWarInfo />
        </>
      )}
    </Card>
  );
}

function WarStatus({ war, fullControlSeconds }: { war: ThroneWar; fullControlSeconds: number }) {
  switch (war.status) {
    case 'voting':
      return <VotingStatus war={war} />;
    case 'waiting':
      return <WaitingStatus startTime={war.battlePhase.startTime} />;
    case 'active':
      return war.currentOccupier ? (
        <OccupiedStatus occupier={war.currentOccupier} fullControlSeconds={fullControlSeconds} />
      ) : (
        <p className="throne-muted" data-testid="throne-unclaimed">
          {ThroneTexts.unclaimed}
        </p>
      );
    case 'completed':
      return <CompletedStatus war={war} />;
  }
}

function VotingStatus({ war }: { war: ThroneWar }) {
  const now = useNow();
  const { isOpen, closesAt } = war.votingPhase;
  return (
    <StatList>
      {isOpen && (
        <StatRow label={ThroneTexts.utcNow} testId="utc-clock">
          {formatUtcClock(now)}
        </StatRow>
      )}
      <StatRow label={ThroneTexts.votingClosesAt} testId="voting-closes-at">
        {formatUtc(Date.parse(closesAt))}
      </StatRow>
      {isOpen && (
        <StatRow label={ThroneTexts.votingClosesIn}>
          <Countdown to={closesAt} passed={ThroneMessages.startingSoon} testId="voting-countdown" />
        </StatRow>
      )}
    </StatList>
  );
}

function WaitingStatus({ startTime }: { startTime: string | null }) {
  if (startTime === null) return <p className="throne-muted">{ThroneTexts.battleTimeUndecided}</p>;
  return (
    <StatList>
      <StatRow label={ThroneTexts.battleStartsAt} testId="battle-start">
        {formatUtc(Date.parse(startTime))}
      </StatRow>
      <StatRow label={ThroneTexts.battleStartsIn}>
        <Countdown to={startTime} passed={ThroneMessages.startingSoon} testId="battle-countdown" />
      </StatRow>
    </StatList>
  );
}

function OccupiedStatus({ occupier, fullControlSeconds }: { occupier: ThroneOccupier; fullControlSeconds: number }) {
  return (
    <>
      <StatList>
        <StatRow label={ThroneTexts.occupier} testId="throne-occupier">{`[${occupier.allianceTag}] ${occupier.allianceName}`}</StatRow>
        <StatRow label={ThroneTexts.garrison} testId="throne-garrison">
          {formatTroops(occupier.garrisonedTroops)}
        </StatRow>
        <StatRow label={ThroneTexts.garrisonPower} testId="throne-garrison-power">
          {formatPowerPoints(occupier.garrisonPower)}
        </StatRow>
        {!occupier.fullControlMet && (
          <StatRow label={ThroneTexts.fullControlIn}>
            <FullControlCountdown fullControlAt={occupier.fullControlAt} />
          </StatRow>
        )}
      </StatList>
      {occupier.fullControlMet ? (
        <p className="throne-full-control" data-testid="full-control">
          {ThroneMessages.fullControlAchieved}
        </p>
      ) : (
        <p className="throne-muted">{ThroneTexts.fullControlRule(formatMinutesSeconds(fullControlSeconds * 1000))}</p>
      )}
    </>
  );
}

/** The occupation countdown, in minutes and seconds (spec section 9). */
function FullControlCountdown({ fullControlAt }: { fullControlAt: string }) {
  return (
    <LiveCountdown
      to={Date.parse(fullControlAt)}
      format={formatMinutesSeconds}
      className="throne-countdown"
      testId="full-control-countdown"
    />
  );
}

function CompletedStatus({ war }: { war: ThroneWar }) {
  const { winner } = war;
  return (
    <>
      {winner ? (
        <StatList>
          <StatRow label={ThroneTexts.winner} testId="throne-winner">{`[${winner.allianceTag}] ${winner.allianceName}`}</StatRow>
          <StatRow label={ThroneTexts.king} testId="throne-king">
            {winner.leaderName ?? ThroneTexts.unknownKing}
          </StatRow>
          <StatRow label={ThroneTexts.wonAt} testId="throne-won-at">
            {formatUtc(Date.parse(winner.wonAt))}
          </StatRow>
        </StatList>
      ) : (
        <p className="throne-muted" data-testid="throne-no-winner">
          {ThroneTexts.noWinner}
        </p>
      )}
      <NextWarInfo />
    </>
  );
}
