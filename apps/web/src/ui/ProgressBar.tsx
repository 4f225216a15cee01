import { useState, type ReactNode } from 'react';
import { useReducedMotion } from 'motion/react';
import { useCountUp } from './use-count-up';
import './progress-bar.css';

interface ProgressBarProps {
  /** How far, from 0 to `max`; announced as it is, drawn clamped to the track. */
  value: number;
  max?: number;
  label: string;
  valueText?: string;
  tone?: 'gold' | 'health';
  /** The bar flashes each time the value drops (a boss taking a hit). */
  flashOnDrop?: boolean;
  /** False when the caller already moves the value frame by frame: the fill then follows it as it is. */
  smooth?: boolean;
  /** A caption under the bar (amounts, a countdown). */
  children?: ReactNode;
}

/** A bar filling (or draining) towards its value, moving smoothly to each new one. */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  tone = 'gold',
  flashOnDrop = false,
  smooth = true,
  children,
}: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  const shownPercent = useCountUp(percent, { instant: !smooth });
  const hits = useDropCount(value);
  const reducedMotion = useReducedMotion() === true;
  const flash = flashOnDrop && hits > 0 && !reducedMotion;
  return (
    <div className={`progress-bar progress-bar--${tone}`}>
      <div
        className="progress-bar__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
      >
        <div className="progress-bar__fill" style={{ width: `${shownPercent}%` }} />
        {/* Remounted on each hit, so its one-shot animation plays again. */}
        {flash && <span key={hits} className="progress-bar__flash" data-testid="progress-flash" aria-hidden="true" />}
      </div>
      {children && <div className="progress-bar__caption">{children}</div>}
    </div>
  );
}

/** How many times `value` went down since the first render. */
function useDropCount(value: number): number {
  const [last, setLast] = useState(value);
  const [drops, setDrops] = useState(0);
  if (value !== last) {
    setLast(value);
    if (value < last) setDrops(drops + 1);
  }
  return drops;
}
