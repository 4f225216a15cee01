import type { ReactNode } from 'react';
import type { FloorResponse } from '@runik/contract';
import { BossEmblem } from './BossEmblem';
import { formatRunikAmount } from './citadel-format';
import { HealthBar } from './HealthBar';

/** The floor's boss: emblem, health, the reward shared by damage; `children` is the attack area. */
export function BossPanel({ floor, children }: { floor: FloorResponse; children: ReactNode }) {
  const defeated = floor.isDefeated || floor.status === 'defeated';
  return (
    <section className="citadel-card citadel-boss-panel panel" aria-labelledby="citadel-boss-title" data-testid="boss-panel">
      <h2 id="citadel-boss-title" className="citadel-card__title">
        Floor {floor.floor} Boss
        <span className={`citadel-status citadel-status--${defeated ? 'defeated' : 'current'}`} data-testid="floor-status">
          {defeated ? 'Defeated' : 'Alive'}
        </span>
      </h2>
      <BossEmblem floor={floor.floor} defeated={defeated} />
      <HealthBar floor={floor} />
      <dl className="citadel-stats">
        <div className="citadel-stats__row">
          <dt>Reward</dt>
          <dd data-testid="floor-reward">{formatRunikAmount(floor.reward)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
