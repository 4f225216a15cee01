import type { ReactNode } from 'react';
import type { FloorResponse } from '@runik/contract';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { StatList, StatRow } from '../../ui/StatList';
import { BossEmblem } from './BossEmblem';
import { formatRunikAmount } from './citadel-format';
import { HealthBar } from './HealthBar';

/** The floor's boss: emblem, health, the reward shared by damage; `children` is the attack area. */
export function BossPanel({ floor, children }: { floor: FloorResponse; children: ReactNode }) {
  const defeated = floor.isDefeated || floor.status === 'defeated';
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
        <StatRow label="Reward" testId="floor-reward">
          {formatRunikAmount(floor.reward)}
        </StatRow>
      </StatList>
      {children}
    </Card>
  );
}
