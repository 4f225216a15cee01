import type { ReactNode } from 'react';
import type { Gear } from '@runik/contract';
import { displayName, formatGearStat, rarityLabel } from './gear-format';
import { GearTexts } from './gear-texts';
import './gear-shared.css';

interface GearCardProps {
  gear: Gear;
  /** The blacksmith shows what the gear is worth as material. */
  showExpValue?: boolean;
  /** The blacksmith shows Equipped and Listed, which decide what the gear may be used for. */
  showStatus?: boolean;
  /** Highlights the card (the blacksmith's target and materials). */
  highlight?: 'target' | 'material';
  /** Actions under the card (Equip, Select as target, ...). */
  children?: ReactNode;
  /** `gear-<gearId>` unless the same gear shows twice on the page (the blacksmith's target). */
  testId?: string;
}

/** One gear: name (with its level), rarity colour, stat and experience bar (spec section 3). */
export function GearCard({ gear, showExpValue = false, showStatus = false, highlight, children, testId = `gear-${gear.gearId}` }: GearCardProps) {
  const name = displayName(gear);
  const classes = ['gear-card', `gear-card--${gear.rarity}`, highlight ? `gear-card--${highlight}` : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-label={name} data-testid={testId}>
      <header className="gear-card__header">
        <strong className="gear-card__name" data-testid="gear-name">
          {name}
        </strong>
        <span className="gear-card__rarity" data-testid="gear-rarity">
          {rarityLabel(gear.rarity)}
        </span>
      </header>
      <p className="gear-card__stat" data-testid="gear-stat">
        {formatGearStat(gear)}
      </p>
      <ExpBar gear={gear} />
      {showExpValue && (
        <p className="gear-card__detail" data-testid="gear-exp-value">
          Material value: {gear.expValue} EXP
        </p>
      )}
      {showStatus && (gear.isEquipped || gear.isListed) && (
        <p className="gear-card__badges">
          {gear.isEquipped && <span className="gear-card__badge">{GearTexts.equipped}</span>}
          {gear.isListed && <span className="gear-card__badge">{GearTexts.listed}</span>}
        </p>
      )}
      {children && <div className="gear-card__actions">{children}</div>}
    </article>
  );
}

/** Progress to the next level; a gear at the maximum level has nothing left to gain. */
function ExpBar({ gear }: { gear: Gear }) {
  const atMax = gear.requiredExp === 0;
  const percent = Math.min(100, Math.max(0, gear.expProgress));
  return (
    <div className="gear-card__exp">
      <div
        className="gear-card__exp-track"
        role="progressbar"
        aria-label="Experience"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="gear-card__exp-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="gear-card__detail" data-testid="gear-exp">
        {atMax ? GearTexts.maxLevel : `${gear.currentExp} / ${gear.requiredExp} EXP`}
      </span>
    </div>
  );
}
