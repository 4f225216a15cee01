import type { AllianceView } from '@runik/contract';
import { AllianceEmblem } from './AllianceEmblem';

/** The alliance's banner: icon, name, tag, description, leader and size. */
export function AllianceOverview({ alliance }: { alliance: AllianceView }) {
  return (
    <article className="card panel alliance-overview" data-testid="alliance-overview">
      <div className="alliance-overview__banner">
        <AllianceEmblem icon={alliance.icon} size="large" />
        <div>
          <h2 className="card__title" data-testid="alliance-name">
            {alliance.name}
          </h2>
          <span className="alliance-tag" data-testid="alliance-tag">
            [{alliance.tag}]
          </span>
        </div>
      </div>
      <p className="alliance-description" data-testid="alliance-description">
        {alliance.description}
      </p>
      <dl className="alliance-facts">
        <div className="alliance-facts__row">
          <dt>Leader</dt>
          <dd data-testid="alliance-leader">{alliance.leader}</dd>
        </div>
        <div className="alliance-facts__row">
          <dt>Members</dt>
          <dd data-testid="alliance-member-count">
            {alliance.memberCount}/{alliance.maxMembers}
          </dd>
        </div>
      </dl>
    </article>
  );
}
