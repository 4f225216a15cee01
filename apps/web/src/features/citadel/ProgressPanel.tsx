import type { CitadelUserResponse } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { TROOPS } from '../../shared/format';
import { Card } from '../../ui/Card';
import { StatList, StatRow } from '../../ui/StatList';
import { formatCasualties, formatPoints, formatRunikAmount } from './citadel-format';
import { ResetCountdown } from './ResetCountdown';

/** The player's citadel progress (spec section 3, Citadel user). */
export function ProgressPanel({ progress, username }: { progress: CitadelUserResponse; username: string }) {
  return (
    <Card titleId="citadel-progress-title" testId="citadel-progress" title="Your Progress">
      <StatList>
        <StatRow label="Current floor" testId="global-floor">
          Floor {progress.globalCurrentFloor}
        </StatRow>
        <StatRow label="Attacks today" testId="today-attacks">
          {progress.todayAttackCount} <ResetCountdown username={username} nextResetAt={progress.nextResetAt} />
        </StatRow>
        <StatRow label="Army power" testId="army-power">
          {formatPoints(progress.user.armyPower)}
        </StatRow>
        {TROOPS.map(({ key, label }) => (
          <StatRow key={key} label={label} testId={`army-${key}`}>
            {formatCount(progress.user.army[key])}
          </StatRow>
        ))}
        <StatRow label="Your next hit" testId="next-hit">
          {formatPoints(progress.preview.damagePerHit)} damage, costing {formatCasualties(progress.preview.nextHitCasualties)}
        </StatRow>
        <StatRow label="Hits to fell the boss" testId="hits-to-defeat">
          {progress.preview.hitsToDefeat === null
            ? 'Train an army first'
            : `About ${formatCount(progress.preview.hitsToDefeat)} at your power`}
        </StatRow>
        <StatRow label="Total damage dealt" testId="total-damage">
          {formatPoints(progress.totalStats.totalDamageDealt)}
        </StatRow>
        <StatRow label="Pending reward" testId="pending-reward">
          {formatRunikAmount(progress.pendingRewards)}
        </StatRow>
      </StatList>
    </Card>
  );
}
