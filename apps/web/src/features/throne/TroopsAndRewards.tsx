import { formatCount, type Troops } from '@runik/rules';
import { TROOPS } from '../../shared/format';
import { THRONE_GUIDE_URL } from '../../shared/config';
import { StatList, StatRow } from '../../ui/StatList';
import { Card } from '../../ui/Card';
import { UnitIcon } from '../../ui/icons/UnitIcon';
import { ThroneTexts } from './throne-texts';

/** Available Troops and Reward System (spec section 2). */
export function TroopsAndRewards({ available }: { available: Troops | undefined }) {
  return (
    <Card titleId="throne-troops-title" title={ThroneTexts.troopsAndRewards}>
      <div className="throne-columns">
        <div>
          <h3 className="card__subtitle">{ThroneTexts.availableTroops}</h3>
          <StatList>
            {TROOPS.map(({ key, label }) => (
              <StatRow
                key={key}
                label={
                  <>
                    <UnitIcon unit={key} /> {label}
                  </>
                }
                testId={`available-${key}`}
              >
                {available ? formatCount(available[key]) : '…'}
              </StatRow>
            ))}
          </StatList>
        </div>
        <div>
          <h3 className="card__subtitle">{ThroneTexts.rewardSystem}</h3>
          <ul className="throne-rewards">
            <li>{ThroneTexts.leaderReward}</li>
            <li>{ThroneTexts.memberReward}</li>
          </ul>
          <p className="throne-muted">{ThroneTexts.rewardsGranted}</p>
          <a href={THRONE_GUIDE_URL} target="_blank" rel="noopener noreferrer">
            {ThroneTexts.guide}
          </a>
        </div>
      </div>
    </Card>
  );
}
