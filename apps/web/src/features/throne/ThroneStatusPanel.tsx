import { ThroneMessages, type ThroneOccupier, type ThroneStatusResponse, type ThroneWar } from '@runik/contract';
import { useNow } from '../city/city-clock';
import { Countdown } from './Countdown';
import { Fact } from './Fact';
import { formatMinutesSeconds, formatUtc, formatUtcClock } from './throne-clock';
import { formatTroops } from './throne-format';
import { NextWarInfo } from './NextWarInfo';
import { ThroneTexts } from './throne-texts';

/** The Throne Status section: what the war's phase shows (spec section 4, "Throne status values"). */
export function ThroneStatusPanel({ status }: { status: ThroneStatusResponse }) {
  const war = status.throneWars;
  return (
    <section className="throne-card panel" aria-labelledby="throne-status-title">
      <h2 id="throne-status-title" className="throne-card__title">
        Throne Status
        {war && (
          <span className={`throne-phase throne-phase--${war.status}`} data-testid="throne-phase">
            {ThroneTexts.phase[war.status]}
          </span>
        )}
      </h2>
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
    </section>
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
    <dl className="throne-facts">
      {isOpen && <Fact label={ThroneTexts.utcNow} testId="utc-clock">{formatUtcClock(now)}</Fact>}
      <Fact label={ThroneTexts.votingClosesAt} testId="voting-closes-at">{formatUtc(Date.parse(closesAt))}</Fact>
      {isOpen && (
        <Fact label={ThroneTexts.votingClosesIn}>
          <Countdown to={closesAt} passed={ThroneMessages.startingSoon} testId="voting-countdown" />
        </Fact>
      )}
    </dl>
  );
}

function WaitingStatus({ startTime }: { startTime: string | null }) {
  if (startTime === null) return <p className="throne-muted">{ThroneTexts.battleTimeUndecided}</p>;
  return (
    <dl className="throne-facts">
      <Fact label={ThroneTexts.battleStartsAt} testId="battle-start">{formatUtc(Date.parse(startTime))}</Fact>
      <Fact label={ThroneTexts.battleStartsIn}>
        <Countdown to={startTime} passed={ThroneMessages.startingSoon} testId="battle-countdown" />
      </Fact>
    </dl>
  );
}

function OccupiedStatus({ occupier, fullControlSeconds }: { occupier: ThroneOccupier; fullControlSeconds: number }) {
  return (
    <>
      <dl className="throne-facts">
        <Fact label={ThroneTexts.occupier} testId="throne-occupier">{`[${occupier.allianceTag}] ${occupier.allianceName}`}</Fact>
        <Fact label={ThroneTexts.garrison} testId="throne-garrison">{formatTroops(occupier.garrisonedTroops)}</Fact>
        {!occupier.fullControlMet && (
          <Fact label={ThroneTexts.fullControlIn}>
            <FullControlCountdown fullControlAt={occupier.fullControlAt} />
          </Fact>
        )}
      </dl>
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
  const now = useNow();
  return (
    <span role="timer" className="throne-countdown" data-testid="full-control-countdown">
      {formatMinutesSeconds(Date.parse(fullControlAt) - now)}
    </span>
  );
}

function CompletedStatus({ war }: { war: ThroneWar }) {
  const { winner } = war;
  return (
    <>
      {winner ? (
        <dl className="throne-facts">
          <Fact label={ThroneTexts.winner} testId="throne-winner">{`[${winner.allianceTag}] ${winner.allianceName}`}</Fact>
          <Fact label={ThroneTexts.king} testId="throne-king">{winner.leaderName ?? ThroneTexts.unknownKing}</Fact>
          <Fact label={ThroneTexts.wonAt} testId="throne-won-at">{formatUtc(Date.parse(winner.wonAt))}</Fact>
        </dl>
      ) : (
        <p className="throne-muted" data-testid="throne-no-winner">
          {ThroneTexts.noWinner}
        </p>
      )}
      <NextWarInfo />
    </>
  );
}
