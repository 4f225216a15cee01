import { useState } from 'react';
import { GearMessages, type Gear } from '@runik/contract';
import { toUserMessage } from '../../shared/errors';
import { useConfirm } from '../../ui/ConfirmDialog';
import { StatePanel } from '../../ui/StatePanel';
import { displayName } from '../../shared/gear/gear-format';
import { useOwnedGears } from './blacksmith-api';
import { DEFAULT_FILTER, filterGears } from './blacksmith-filters';
import { currentSelection, NO_SELECTION, preciousMaterials, toggleMaterial, toggleTarget } from './blacksmith-selection';
import { BlacksmithTexts } from './blacksmith-texts';
import { GearFilters } from './GearFilters';
import { UpgradeGearList } from './UpgradeGearList';
import { UpgradePanel } from './UpgradePanel';
import { useUpgrade } from './use-upgrade';

/** Upgrade tab: the player's gears to pick from, and the panel with the selection and its preview. */
export function UpgradeTab({ username }: { username: string }) {
  const gears = useOwnedGears(username);
  const [filter, setFilter] = useState(DEFAULT_FILTER);
  const [selected, setSelected] = useState(NO_SELECTION);
  const [hint, setHint] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const upgrade = useUpgrade(username);
  const confirm = useConfirm();

  if (!gears.data) {
    return gears.isError ? (
      <StatePanel error onRetry={() => void gears.refetch()}>
        {toUserMessage(gears.error, GearMessages.failedLoad)}
      </StatePanel>
    ) : (
      <StatePanel>{BlacksmithTexts.loading}</StatePanel>
    );
  }

  const owned = gears.data;
  const selection = currentSelection(selected, owned);
  const byId = new Map(owned.map((gear) => [gear.gearId, gear]));
  const target = selection.targetId === null ? null : (byId.get(selection.targetId) ?? null);
  const materials = selection.materialIds.flatMap((id) => byId.get(id) ?? []);
  const shown = filterGears(owned, filter);

  // A new choice clears what the last one said.
  const select = (next: typeof selection) => {
    setSelected(next);
    setHint(null);
    setSuccess(null);
    upgrade.reset();
  };
  const pickMaterial = (gear: Gear) => {
    const next = toggleMaterial(selection, gear);
    if (next) select(next);
    else setHint(GearMessages.tooManyMaterials);
  };
  const runUpgrade = async () => {
    if (!target || materials.length === 0) return;
    const precious = preciousMaterials(materials);
    if (
      precious.length > 0 &&
      !(await confirm({
        title: BlacksmithTexts.confirmPreciousTitle,
        message: BlacksmithTexts.confirmPrecious(precious.map(displayName)),
        confirmLabel: 'Upgrade Gear',
        danger: true,
      }))
    ) {
      return;
    }
    setSuccess(null);
    upgrade.mutate(
      { gearId: target.gearId, materialIds: materials.map((gear) => gear.gearId) },
      {
        onSuccess: () => {
          setSelected(NO_SELECTION);
          setSuccess(GearMessages.upgraded);
        },
      },
    );
  };

  return (
    <div className="blacksmith-upgrade">
      <div className="blacksmith-list">
        <GearFilters filter={filter} onChange={setFilter} />
        {shown.length === 0 ? (
          <StatePanel>{owned.length === 0 ? BlacksmithTexts.noGears : BlacksmithTexts.noMatch}</StatePanel>
        ) : (
          <UpgradeGearList
            gears={shown}
            selection={selection}
            busy={upgrade.isPending}
            onTarget={(gear) => select(toggleTarget(selection, gear))}
            onMaterial={pickMaterial}
          />
        )}
      </div>
      <UpgradePanel
        username={username}
        target={target}
        materials={materials}
        hint={hint}
        upgrading={upgrade.isPending}
        error={upgrade.isError ? toUserMessage(upgrade.error, GearMessages.upgradeFailed) : null}
        success={success}
        onRemoveMaterial={pickMaterial}
        onClear={() => select(NO_SELECTION)}
        onUpgrade={() => void runUpgrade()}
        onDismiss={() => {
          setSuccess(null);
          upgrade.reset();
        }}
      />
    </div>
  );
}
