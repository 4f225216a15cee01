import { useState } from 'react';
import { GearMessages } from '@runik/contract';
import type { GearType } from '@runik/rules';
import { toUserMessage } from '../../shared/errors';
import { useSession } from '../../shared/use-session';
import { StatePanel } from '../../ui/StatePanel';
import { useFlashMessage } from '../../ui/use-flash-message';
import { useEquippedGears } from './gear-api';
import { SLOT_GROUPS } from '../../shared/gear/gear-format';
import { GearTexts } from '../../shared/gear/gear-texts';
import { EquipPickerModal } from './EquipPickerModal';
import { GearFeedback } from '../../shared/gear/GearFeedback';
import { GearSlot } from './GearSlot';
import { useGearActions } from './use-gear-actions';
import './gears.css';

/** The Gears screen (route /gears, spec section 2): commander and mayor slots, an equip picker per slot. */
export function GearsPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="gears" aria-labelledby="gears-title">
      <h1 id="gears-title" className="gears__title">
        Gears
      </h1>
      {username ? <GearsView username={username} /> : <StatePanel>{GearMessages.loginGears}</StatePanel>}
    </section>
  );
}

function GearsView({ username }: { username: string }) {
  const equipped = useEquippedGears(username);
  const { equip, unequip } = useGearActions(username);
  const [pickerSlot, setPickerSlot] = useState<GearType | null>(null);
  const success = useFlashMessage();

  if (!equipped.data) {
    return equipped.isError ? (
      <StatePanel error onRetry={() => void equipped.refetch()}>
        {toUserMessage(equipped.error, GearMessages.failedEquipped)}
      </StatePanel>
    ) : (
      <StatePanel>{GearTexts.loading}</StatePanel>
    );
  }
  const slots = equipped.data;
  const busy = equip.isPending || unequip.isPending;

  const openPicker = (slot: GearType) => {
    equip.reset();
    setPickerSlot(slot);
  };
  const doEquip = (slot: GearType, gearId: number) => {
    success.clear();
    unequip.reset();
    equip.mutate(
      { gearId, slot },
      {
        onSuccess: (response) => {
          setPickerSlot(null);
          success.show(response.message);
        },
      },
    );
  };
  const doUnequip = (slot: GearType) => {
    success.clear();
    unequip.mutate(slot, { onSuccess: (response) => success.show(response.message) });
  };

  return (
    <>
      {unequip.isError && (
        <GearFeedback
          tone="error"
          text={toUserMessage(unequip.error, GearMessages.failedUnequip)}
          onDismiss={unequip.reset}
          testId="gears-error"
        />
      )}
      {success.message && <GearFeedback tone="info" text={success.message} onDismiss={success.clear} testId="gears-success" />}
      {SLOT_GROUPS.map((group) => (
        <section key={group.category} className="gears-group" aria-labelledby={`gears-${group.category}`}>
          <h2 id={`gears-${group.category}`} className="gears-group__title">
            {group.title}
          </h2>
          <ul className="tile-grid">
            {group.slots.map((slot) => (
              <GearSlot
                key={slot}
                slot={slot}
                gear={slots[slot] ?? null}
                busy={busy}
                unequipping={unequip.isPending && unequip.variables === slot}
                onSelect={openPicker}
                onUnequip={doUnequip}
              />
            ))}
          </ul>
        </section>
      ))}
      {pickerSlot && (
        <EquipPickerModal
          username={username}
          slot={pickerSlot}
          current={slots[pickerSlot] ?? null}
          error={equip.isError ? toUserMessage(equip.error, GearMessages.failedEquip) : null}
          equipping={equip.isPending ? equip.variables.gearId : null}
          onEquip={(gearId) => doEquip(pickerSlot, gearId)}
          onClose={() => setPickerSlot(null)}
        />
      )}
    </>
  );
}
