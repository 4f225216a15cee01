import type { ReactNode } from 'react';
import type { FloorResponse } from '@runik/contract';
import { formatPercent } from '@runik/rules';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { StatList, StatRow } from '../../ui/StatList';
import { BossEmblem } from './BossEmblem';
import { formatPoints, formatRunikAmount } from './citadel-format';
import { HealthBar } from './HealthBar';

/** The floor's boss: emblem, health, the player's share, the reward shared by damage; `children` is the attack area. */
export function BossPanel({ floor, username, children }: { floor: FloorResponse; username?: string; children: ReactNode }) {
  const defeated = floor.isDefeated || floor.status === 'defeated';
  const mine = username ? floor.allParticipants.find((participant) => participant.hiveUsername === username) : undefined;
  return (
    <Card
      titleId="citadel-boss-title"
      testId="boss-panel"
      title={
        <>
          Floor {floor.floor} Boss
          <Badge tone={defeated ? 'success' : 'danger'} testId="floor-status">
            {defeated ? 'Defeated' : 'Alive'}
          </Badge>
        </>
      }
    >
      <BossEmblem floor={floor.floor} defeated={defeated} />
      <HealthBar floor={floor} />
      <StatList>
        {username && (
          <StatRow label="Your damage" testId="your-damage-share">
            {mine ? `${formatPoints(mine.totalDamage)} (${formatPercent(mine.damagePercentage)})` : 'None yet'}
          </StatRow>
        )}
        <StatRow label="Reward" testId="floor-reward">
          {formatRunikAmount(floor.reward)}
        </StatRow>
      </StatList>
      {children}
    </Card>
  );
}
