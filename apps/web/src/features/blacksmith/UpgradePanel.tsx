import { useId } from 'react';
import { MAX_UPGRADE_MATERIALS, type Gear } from '@runik/contract';
import { GearCard } from '../../shared/gear/GearCard';
import { GearFeedback } from '../../shared/gear/GearFeedback';
import { displayName } from '../../shared/gear/gear-format';
import { useUpgradePreview } from './blacksmith-api';
import { BlacksmithTexts } from './blacksmith-texts';
import { UpgradePreviewDetails } from './UpgradePreviewDetails';

interface UpgradePanelProps {
  username: string;
  target: Gear | null;
  materials: readonly Gear[];
  /** Why the last material was refused (the 11th). */
  hint: string | null;
  upgrading: boolean;
  error: string | null;
  success: string | null;
  onRemoveMaterial: (gear: Gear) => void;
  onClear: () => void;
  onUpgrade: () => void;
  onDismiss: () => void;
}

/** The selection, its preview and the Upgrade Gear button (spec sections 4 and 5). */
export function UpgradePanel({ username, target, materials, hint, upgrading, error, success, ...actions }: UpgradePanelProps) {
  const titleId = useId();
  const materialIds = materials.map((gear) => gear.gearId);
  const preview = useUpgradePreview(username, target?.gearId ?? null, materialIds);
  const canUpgrade = target !== null && materials.length > 0 && !upgrading;

  return (
    <aside className="blacksmith-panel panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="blacksmith-panel__title">
        Upgrade
      </h2>
      {success && <GearFeedback tone="info" text={success} onDismiss={actions.onDismiss} testId="upgrade-success" />}
      {error && <GearFeedback tone="error" text={error} onDismiss={actions.onDismiss} testId="upgrade-error" />}

      <h3 className="blacksmith-panel__subtitle">Target</h3>
      {target ? (
        <GearCard gear={target} highlight="target" testId="upgrade-target" />
      ) : (
        <p className="blacksmith-note">{BlacksmithTexts.chooseTarget}</p>
      )}

      <h3 className="blacksmith-panel__subtitle">
        Materials{' '}
        <span data-testid="material-count">
          {materials.length} / {MAX_UPGRADE_MATERIALS}
        </span>
      </h3>
      {materials.length > 0 ? (
        <ul className="blacksmith-materials" aria-label="Selected materials">
          {materials.map((gear) => (
            <li key={gear.gearId} className="blacksmith-materials__item">
              <span>{displayName(gear)}</span>
              <button
                type="button"
                className="blacksmith-materials__remove"
                aria-label={`Remove ${displayName(gear)}`}
                onClick={() => actions.onRemoveMaterial(gear)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        target && <p className="blacksmith-note">{BlacksmithTexts.chooseMaterials}</p>
      )}
      {hint && (
        <p className="hint hint--error" role="alert" data-testid="material-hint">
          {hint}
        </p>
      )}

      <UpgradePreviewDetails {...preview} />

      <div className="blacksmith-panel__actions">
        <button type="button" className="button button--primary" disabled={!canUpgrade} aria-busy={upgrading} onClick={actions.onUpgrade}>
          Upgrade Gear
        </button>
        <button type="button" className="button button--ghost" disabled={!target || upgrading} onClick={actions.onClear}>
          Clear selection
        </button>
      </div>
    </aside>
  );
}
