import type { ReactNode } from 'react';
import type { CitadelUserResponse } from '@runik/contract';
import { formatPoints, formatRunikAmount, TROOPS } from './citadel-format';
import { ResetCountdown } from './ResetCountdown';

/** The player's citadel progress (spec section 3, Citadel user). */
export function ProgressPanel({ progress, username }: { progress: CitadelUserResponse; username: string }) {
  return (
    <section className="citadel-card panel" aria-labelledby="citadel-progress-title" data-testid="citadel-progress">
      <h2 id="citadel-progress-title" className="citadel-card__title">
        Your Progress
      </h2>
      <dl className="citadel-stats">
        <Stat label="Current floor" testId="global-floor">
          Floor {progress.globalCurrentFloor}
        </Stat>
        <Stat label="Attacks today" testId="today-attacks">
          {progress.todayAttackCount} <ResetCountdown username={username} nextResetAt={progress.nextResetAt} />
        </Stat>
        <Stat label="Army power" testId="army-power">
          {formatPoints(progress.user.armyPower)}
        </Stat>
        {TROOPS.map(({ key, label }) => (
          <Stat key={key} label={label} testId={`army-${key}`}>
            {progress.user.army[key]}
          </Stat>
        ))}
        <Stat label="Total damage dealt" testId="total-damage">
          {formatPoints(progress.totalStats.totalDamageDealt)}
        </Stat>
        <Stat label="Pending reward" testId="pending-reward">
          {formatRunikAmount(progress.pendingRewards)}
        </Stat>
      </dl>
    </section>
  );
}

function Stat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="citadel-stats__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
