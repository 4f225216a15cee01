import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Message } from '../../ui/Message';
import { PackGearCard } from './PackGearCard';
import { bestRarity, PackRevealScene } from './PackRevealScene';
import { playRaritySound } from '../../shared/sound';
import { CARD_FLIP_INTERVAL_MS } from './packs-constants';
import { PackTexts } from './packs-messages';
import { useCardReveal } from './use-card-reveal';
import type { Opening } from './use-pack-opening';

interface PackOpeningOverlayProps {
  opening: Opening;
  onRetry: (purchaseId: number) => void;
  onClose: () => void;
}

/**
 * The Pack Opening dialog (spec section 4): the cards start face down and turn over one by
 * one; Skip turns them all at once; Close when all are shown (or the opening failed).
 * Mount it with a key per purchase, so each opening starts face down.
 */
export function PackOpeningOverlay({ opening, onRetry, onClose }: PackOpeningOverlayProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const gears = opening.phase === 'opened' ? opening.result.gears : [];
  const { shown, skip } = useCardReveal(gears.length, CARD_FLIP_INTERVAL_MS);
  const closable = opening.phase === 'failed' || (opening.phase === 'opened' && shown >= gears.length);
  const best = bestRarity(gears.slice(0, shown));
  const allShown = opening.phase === 'opened' && gears.length > 0 && shown >= gears.length;

  // Once every card is turned, the rarest one sounds (when sound is on: the player's press opened the pack).
  useEffect(() => {
    if (allShown && best) playRaritySound(best);
  }, [allShown, best]);

  // Keyboard users land in the dialog and get back where they were when it closes.
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  useEffect(() => {
    if (!closable) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [closable, onClose]);

  return createPortal(
    <div className="pack-overlay">
      <div ref={dialogRef} className="pack-overlay__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="pack-overlay__title">
          Pack Opening
        </h2>
        {opening.phase === 'opening' && (
          <p className="pack-overlay__status" role="status">
            {PackTexts.opening(opening.packCount)}
          </p>
        )}
        {opening.phase === 'failed' && <Message tone="error">{opening.error}</Message>}
        {opening.phase === 'opened' && (
          <>
            {/* The seed proves the roll to whoever checks it; a 10-digit number means nothing to the rest (issue 35). */}
            <details className="pack-overlay__proof" data-testid="opening-proof">
              <summary>How this was rolled</summary>
              <span>{PackTexts.seed(opening.result.seed)}</span>
              <span>{PackTexts.tier(opening.result.tier)}</span>
            </details>
            <PackRevealScene shown={shown} total={gears.length} best={best} />
            <p className="pack-overlay__progress" data-testid="reveal-progress">
              {PackTexts.revealed(shown, gears.length)}
            </p>
            <ul className="pack-overlay__cards" aria-label="Gears">
              {gears.map((gear, index) => (
                <PackGearCard key={gear.gearId} gear={gear} index={index} revealed={index < shown} />
              ))}
            </ul>
          </>
        )}
        <div className="pack-overlay__actions">
          {opening.phase === 'failed' && (
            <button type="button" className="button button--primary" onClick={() => onRetry(opening.purchaseId)}>
              {PackTexts.openingAgain}
            </button>
          )}
          {opening.phase === 'opened' && !closable && (
            <button type="button" className="button" onClick={skip}>
              Skip
            </button>
          )}
          {closable && (
            <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
              Close
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
