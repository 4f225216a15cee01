import { GearMessages, type Gear } from '@runik/contract';
import type { GearType } from '@runik/rules';
import { toUserMessage } from '../../shared/errors';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useAvailableGears } from './gear-api';
import { bestFirst, displayName, slotLabel } from '../../shared/gear/gear-format';
import { GearTexts } from '../../shared/gear/gear-texts';
import { GearCard } from '../../shared/gear/GearCard';

interface EquipPickerModalProps {
  username: string;
  slot: GearType;
  /** What the slot holds now: equipping swaps it out. */
  current: Gear | null;
  /** The failed equip's message, shown here while the picker stays open. */
  error: string | null;
  /** The gear being equipped, while the request is under way. */
  equipping: number | null;
  onEquip: (gearId: number) => void;
  onClose: () => void;
}

/** The gears that fit a slot, each with Equip (spec section 2, equip picker popup). */
export function EquipPickerModal({ username, slot, current, error, equipping, onEquip, onClose }: EquipPickerModalProps) {
  const available = useAvailableGears(username, slot);
  // A listed or already equipped gear cannot go in; the one in this slot is shown on the page already.
  const gears = bestFirst((available.data ?? []).filter((gear) => gear.gearId !== current?.gearId));

  return (
    <Modal title={GearTexts.pickerTitle(slotLabel(slot))} onClose={onClose} testId="equip-picker">
      <div className="gear-picker">
        {current && <p className="gear-picker__note">{GearTexts.replaces(displayName(current))}</p>}
        {error && <Message tone="error">{error}</Message>}
        {available.isError ? (
          <Message tone="error">{toUserMessage(available.error, GearMessages.failedAvailable)}</Message>
        ) : !available.data ? (
          <p role="status">{GearTexts.loadingAvailable}</p>
        ) : gears.length === 0 ? (
          <p data-testid="picker-empty">{GearTexts.noAvailable}</p>
        ) : (
          <ul className="tile-grid gear-picker__list" aria-label="Available gears">
            {gears.map((gear) => (
              <li key={gear.gearId}>
                <GearCard gear={gear} showStatus>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={equipping !== null || gear.isListed || gear.isEquipped}
                    aria-busy={equipping === gear.gearId}
                    onClick={() => onEquip(gear.gearId)}
                  >
                    Equip
                  </button>
                </GearCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
