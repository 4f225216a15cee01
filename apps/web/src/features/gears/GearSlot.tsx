import { useId } from 'react';
import type { Gear } from '@runik/contract';
import type { GearType } from '@runik/rules';
import { GearTypeIcon } from '../../ui/icons/GearIcon';
import { GearCard } from '../../shared/gear/GearCard';
import { slotLabel } from '../../shared/gear/gear-format';
import { GearTexts } from '../../shared/gear/gear-texts';

interface GearSlotProps {
  slot: GearType;
  gear: Gear | null;
  /** An equip or unequip is under way. */
  busy: boolean;
  unequipping: boolean;
  onSelect: (slot: GearType) => void;
  onUnequip: (slot: GearType) => void;
}

/**
 * One slot. The whole card is its "<Type> slot" button (stretched over the card, so the
 * card's content stays valid outside it) and opens the picker; an equipped slot also has Unequip.
 */
export function GearSlot({ slot, gear, busy, unequipping, onSelect, onUnequip }: GearSlotProps) {
  const contentId = useId();
  const label = slotLabel(slot);
  return (
    <li className={`gear-slot panel ${gear ? '' : 'gear-slot--empty'}`} data-testid={`slot-${slot}`}>
      <button
        type="button"
        className="gear-slot__select"
        aria-label={`${label} slot`}
        aria-haspopup="dialog"
        aria-describedby={contentId}
        onClick={() => onSelect(slot)}
      />
      <div id={contentId} className="gear-slot__content">
        <h3 className="gear-slot__title">
          <GearTypeIcon type={slot} /> {label}
        </h3>
        {gear ? (
          <GearCard gear={gear} />
        ) : (
          <p className="gear-slot__empty" data-testid="slot-empty">
            {GearTexts.emptySlot} · {GearTexts.chooseGear}
          </p>
        )}
      </div>
      {gear && (
        <button type="button" className="button gear-slot__unequip" disabled={busy} aria-busy={unequipping} onClick={() => onUnequip(slot)}>
          Unequip
        </button>
      )}
    </li>
  );
}
