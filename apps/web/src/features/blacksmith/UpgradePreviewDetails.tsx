import type { UpgradePreview } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { toUserMessage } from '../../shared/errors';
import { Message } from '../../ui/Message';
import { StatList, StatRow } from '../../ui/StatList';
import { ToArrow } from '../../ui/icons/SymbolIcons';
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
      <StatList>
        <StatRow label="Level" testId="preview-levels">
          {preview.currentLevel} <ToArrow /> {preview.newLevel} (+{preview.levelIncrease})
        </StatRow>
        <StatRow label="EXP gained" testId="preview-exp">
          {formatCount(preview.totalExpGained)}
        </StatRow>
        <StatRow label="Level up" testId="preview-level-up">
          {preview.willLevelUp ? 'Yes' : 'No'}
        </StatRow>
      </StatList>
      <ul className="blacksmith-preview__materials" aria-label="Valid materials">
        {preview.validMaterials.map((material) => (
          <li key={material.gearId} className="blacksmith-preview__material" data-testid="preview-material">
            <span>{material.name}</span>
            <span>{formatCount(material.expValue)} EXP</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
