import type { UpgradePreview } from '@runik/contract';
import { toUserMessage } from '../../app/errors';
import { Message } from '../../ui/Message';
import { BlacksmithTexts } from './blacksmith-texts';

interface UpgradePreviewDetailsProps {
  preview: UpgradePreview | null;
  loading: boolean;
  error: unknown;
}

/** What the upgrade would do, as the server computes it (spec section 3, upgrade preview). */
export function UpgradePreviewDetails({ preview, loading, error }: UpgradePreviewDetailsProps) {
  if (error) return <Message tone="error">{toUserMessage(error, BlacksmithTexts.previewFailed)}</Message>;
  if (loading || !preview) {
    return loading ? (
      <p className="blacksmith-note" role="status">
        {BlacksmithTexts.previewLoading}
      </p>
    ) : null;
  }
  return (
    <section className="blacksmith-preview" aria-label="Upgrade preview" data-testid="upgrade-preview">
      <dl className="blacksmith-stats">
        <div className="blacksmith-stats__row">
          <dt>Level</dt>
          <dd data-testid="preview-levels">
            {preview.currentLevel} → {preview.newLevel} (+{preview.levelIncrease})
          </dd>
        </div>
        <div className="blacksmith-stats__row">
          <dt>EXP gained</dt>
          <dd data-testid="preview-exp">{preview.totalExpGained}</dd>
        </div>
        <div className="blacksmith-stats__row">
          <dt>Level up</dt>
          <dd data-testid="preview-level-up">{preview.willLevelUp ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      <ul className="blacksmith-preview__materials" aria-label="Valid materials">
        {preview.validMaterials.map((material) => (
          <li key={material.gearId} className="blacksmith-stats__row" data-testid="preview-material">
            <span>{material.name}</span>
            <span>{material.expValue} EXP</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
