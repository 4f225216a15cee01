import { useId, type Ref } from 'react';
import { Link } from 'react-router-dom';
import type { FirstStepsResponse } from '@runik/contract';
import { STEP_GUIDES, type StepGuide } from './first-steps-catalog';
import type { Placement } from './use-card-placement';

interface CoachCardProps {
  progress: FirstStepsResponse;
  /** The current step's place in the path, 1-based. */
  stepNumber: number;
  guide: StepGuide;
  /** What to do: the step's own text, or the way around what blocks it. */
  text: string;
  /** True when the player is on another screen than the step's: the card links there. */
  elsewhere: boolean;
  /** Brings the control pointed at into view; null when none is on the page. */
  onShowMe: (() => void) | null;
  onSkip: () => void;
  skipping: boolean;
  placement: Placement;
  ref?: Ref<HTMLElement>;
}

/** The guide's card: which step of how many, what to do and why, the way to the control, and Skip. */
export function CoachCard({ progress, stepNumber, guide, text, elsewhere, onShowMe, onSkip, skipping, placement, ref }: CoachCardProps) {
  const titleId = useId();
  return (
    <aside ref={ref} className={`first-steps first-steps--${placement}`} aria-labelledby={titleId} data-testid="first-steps">
      <div className="first-steps__header">
        <p className="first-steps__count">
          <span className="sr-only">First steps: </span>
          <span data-testid="first-steps-count">
            {stepNumber} of {progress.steps.length}
          </span>
        </p>
        <ol className="first-steps__pips">
          {progress.steps.map((step, index) => (
            <li
              key={step.id}
              className={`first-steps__pip${step.done ? ' first-steps__pip--done' : ''}${index + 1 === stepNumber ? ' first-steps__pip--current' : ''}`}
              data-testid={`first-step-${step.id}`}
              data-done={step.done}
            >
              <span className="sr-only">
                {STEP_GUIDES[step.id].title}: {step.done ? 'done' : 'to do'}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <h2 id={titleId} className="first-steps__title">
        {guide.title}
      </h2>
      <p className="first-steps__text">{text}</p>
      <div className="first-steps__actions">
        {elsewhere ? (
          <Link className="button button--primary first-steps__go" to={guide.screen}>
            Go to {guide.screenName}
          </Link>
        ) : (
          onShowMe && (
            <button type="button" className="button button--primary first-steps__go" onClick={onShowMe}>
              Show me
            </button>
          )
        )}
        <button type="button" className="button button--ghost" disabled={skipping} aria-busy={skipping} onClick={onSkip}>
          Skip guide
        </button>
      </div>
    </aside>
  );
}
