import { useState } from 'react';
import type { FloorParticipant, FloorResponse } from '@runik/contract';
import { formatPercent } from '@runik/rules';
import { Card } from '../../ui/Card';
import { formatPoints } from './citadel-format';
import { CitadelTexts } from './citadel-texts';
import { canExpand, RANKING_SIZES, visibleParticipants, type RankingSize } from './participants-view';

interface ParticipantsPanelProps {
  floor: FloorResponse;
  username: string;
}

/** Participants and damage ranking of a floor (spec section 2): top three, expandable to 10 or all. */
export function ParticipantsPanel({ floor, username }: ParticipantsPanelProps) {
  const [size, setSize] = useState<RankingSize>('top3');
  const rows = visibleParticipants(floor, size);
  return (
    <Card titleId="citadel-participants-title" title="Damage Ranking">
      <p className="citadel-muted" data-testid="total-participants">
        {floor.totalParticipants} {floor.totalParticipants === 1 ? 'participant' : 'participants'}
      </p>
      {rows.length === 0 ? (
        <p className="citadel-muted">{CitadelTexts.noParticipants}</p>
      ) : (
        <ol className="citadel-ranking" data-testid="participants" aria-label="Participants">
          {rows.map((participant, index) => (
            <ParticipantRow
              key={participant.hiveUsername}
              rank={index + 1}
              participant={participant}
              isYou={participant.hiveUsername === username}
            />
          ))}
        </ol>
      )}
      {canExpand(floor) && (
        <div className="citadel-ranking__sizes" role="group" aria-label="Ranking size">
          {RANKING_SIZES.map((option) => (
            <button
              key={option.size}
              type="button"
              className="button button--ghost"
              aria-pressed={size === option.size}
              onClick={() => setSize(option.size)}
            >
              {option.label}
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}

function ParticipantRow({ rank, participant, isYou }: { rank: number; participant: FloorParticipant; isYou: boolean }) {
  return (
    <li
      className={`citadel-ranking__row${isYou ? ' citadel-ranking__row--you' : ''}`}
      data-testid={`participant-${participant.hiveUsername}`}
    >
      <span className="citadel-ranking__rank">#{rank}</span>
      <span className="citadel-ranking__name">
        {participant.hiveUsername}
        {isYou && <span className="citadel-ranking__you"> (you)</span>}
      </span>
      <span className="citadel-ranking__damage" data-testid="participant-damage">
        {formatPoints(participant.totalDamage)}
      </span>
      <span className="citadel-ranking__share" data-testid="participant-share">
        {formatPercent(participant.damagePercentage)}
      </span>
      <span className="citadel-ranking__attacks" data-testid="participant-attacks">
        {participant.attackCount} {participant.attackCount === 1 ? 'attack' : 'attacks'}
      </span>
    </li>
  );
}
