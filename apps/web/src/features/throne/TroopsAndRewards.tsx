import type { Troops } from '@runik/rules';
import { THRONE_GUIDE_URL } from '../../app/config';
import { TROOPS } from '../citadel/citadel-format';
import { Fact } from './Fact';
import { ThroneTexts } from './throne-texts';

/** Available Troops and Reward System (spec section 2). */
export function TroopsAndRewards({ available }: { available: Troops | undefined }) {
  return (
    <section className="throne-card panel" aria-labelledby="throne-troops-title">
      <h2 id="throne-troops-title" className="throne-card__title">
        {ThroneTexts.troopsAndRewards}
      </h2>
      <div className="throne-columns">
        <div>
          <h3 className="throne-card__subtitle">{ThroneTexts.availableTroops}</h3>
          <dl className="throne-facts">
            {TROOPS.map(({ key, label }) => (
              <Fact key={key} label={label} testId={`available-${key}`}>
                {available ? available[key].toLocaleString('en-US') : '…'}
              </Fact>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="throne-card__subtitle">{ThroneTexts.rewardSystem}</h3>
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
    </section>
  );
}
