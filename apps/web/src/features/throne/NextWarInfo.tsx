import { ThroneMessages } from '@runik/contract';
import { formatUtc, formatUtcDay } from '../../shared/format';
import { StatList, StatRow } from '../../ui/StatList';
import { Countdown } from './Countdown';
import { useNextWar } from './throne-api';
import { ThroneTexts } from './throne-texts';

/** The next war's day and voting opening, with countdowns (spec section 4, "completed"). */
export function NextWarInfo() {
  const next = useNextWar();
  if (next.isError) return <p className="throne-muted">{ThroneTexts.nextWarFailed}</p>;
  if (!next.data) return <p className="throne-muted">{ThroneTexts.nextWarLoading}</p>;
  const { nextThroneWarDate, votingStartsAt } = next.data;
  return (
    <div className="throne-next-war" data-testid="next-war">
      <h3 className="card__subtitle">{ThroneTexts.nextWar}</h3>
      <StatList>
        <StatRow label={ThroneTexts.nextWarDate} testId="next-war-date">
          {formatUtcDay(Date.parse(nextThroneWarDate))}
        </StatRow>
        <StatRow label={ThroneTexts.votingStartsAt} testId="next-voting-at">
          {formatUtc(Date.parse(votingStartsAt))}
        </StatRow>
        <StatRow label={ThroneTexts.votingStartsIn}>
          <Countdown to={votingStartsAt} passed={ThroneMessages.votingStarted} testId="next-voting-countdown" />
        </StatRow>
        <StatRow label={ThroneTexts.nextWarIn}>
          <Countdown to={nextThroneWarDate} passed={ThroneMessages.startingSoon} testId="next-war-countdown" />
        </StatRow>
      </StatList>
    </div>
  );
}
