import type { Gear } from '@runik/contract';
import { gearName, gearStatKey } from '@runik/rules';
import { GearIcon } from '../../ui/icons/GearIcon';
import { formatBoost, statLabel } from './packs-format';

interface PackGearCardProps {
  gear: Gear;
  /** Its place in the pack, for the face-down card's name. */
  index: number;
  revealed: boolean;
}

/**
 * The rune Raido (U+16B1) on the card backs, drawn: no font on players' machines is sure to hold the
 * Runic block, and a missing glyph showed as an empty box (issue 35).
 */
function RaidoRune({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 32" aria-hidden="true" focusable="false" data-testid="card-rune">
      <path
        d="M7 3v26M7 3l10 7-10 7 10 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One card of the opening: face down, then turned over (a CSS flip) to show the gear. */
export function PackGearCard({ gear, index, revealed }: PackGearCardProps) {
  const statKey = gearStatKey(gear.type);
  return (
    <li
      className={`pack-card pack-card--${gear.rarity} rarity--${gear.rarity} ${revealed ? 'pack-card--revealed' : ''}`}
      data-testid={revealed ? `revealed-gear-${gear.gearId}` : `hidden-card-${index}`}
    >
      <div className="pack-card__inner">
        <div className="pack-card__face pack-card__back">
          <RaidoRune className="pack-card__sigil" />
          <span className="sr-only">Face-down card {index + 1}</span>
        </div>
        <div className="pack-card__face pack-card__front" aria-hidden={!revealed}>
          {revealed && (
            <>
              <GearIcon type={gear.type} rarity={gear.rarity} small />
              <span className="pack-card__rarity">{gear.rarity}</span>
              <strong className="pack-card__name">{gearName(gear.type, gear.rarity, gear.level)}</strong>
              <span className="pack-card__category">{gear.category}</span>
              <span className="pack-card__stat" data-testid="gear-stat">
                {formatBoost(gear.stats[statKey])} {statLabel(statKey)}
              </span>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
