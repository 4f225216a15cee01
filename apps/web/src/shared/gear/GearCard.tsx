import type { ReactNode } from 'react';
import type { Gear } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { Badge } from '../../ui/Badge';
import { GearTile } from '../../ui/GearTile';
import { ProgressBar } from '../../ui/ProgressBar';
import { GearIcon } from '../../ui/icons/GearIcon';
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
export function GearCard({
  gear,
  showExpValue = false,
  showStatus = false,
  highlight,
  children,
  testId = `gear-${gear.gearId}`,
}: GearCardProps) {
  return (
    <GearTile
      name={displayName(gear)}
      rarity={gear.rarity}
      rarityLabel={rarityLabel(gear.rarity)}
      stat={formatGearStat(gear)}
      icon={<GearIcon type={gear.type} rarity={gear.rarity} />}
      highlight={highlight}
      testId={testId}
      actions={children}
    >
      <ExpBar gear={gear} />
      {showExpValue && (
        <p className="gear-card__detail" data-testid="gear-exp-value">
          Material value: {formatCount(gear.expValue)} EXP
        </p>
      )}
      {showStatus && (gear.isEquipped || gear.isListed) && (
        <p className="gear-card__badges">
          {gear.isEquipped && <Badge>{GearTexts.equipped}</Badge>}
          {gear.isListed && <Badge>{GearTexts.listed}</Badge>}
        </p>
      )}
    </GearTile>
  );
}

/** Progress to the next level; a gear at the maximum level has nothing left to gain. */
function ExpBar({ gear }: { gear: Gear }) {
  const atMax = gear.requiredExp === 0;
  return (
    <ProgressBar value={Math.min(100, Math.max(0, gear.expProgress))} label="Experience">
      <span className="gear-card__detail" data-testid="gear-exp">
        {atMax ? GearTexts.maxLevel : `${gear.currentExp} / ${gear.requiredExp} EXP`}
      </span>
    </ProgressBar>
  );
}
