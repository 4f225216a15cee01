import type { ReactNode } from 'react';
import './stat-list.css';

interface StatListProps {
  children: ReactNode;
  /**
   * rows: label on the left, value on the right, one a line (facts in a card);
   * tiles: small label over a large gold value, side by side (balances at the top of a screen);
   * inline: small label over a value, wrapping along one line (a price and a seller under a gear).
   */
  variant?: 'rows' | 'tiles' | 'inline';
  className?: string;
  testId?: string;
}

/** A list of labelled values, as a description list. */
export function StatList({ children, variant = 'rows', className, testId }: StatListProps) {
  return (
    <dl className={['stat-list', `stat-list--${variant}`, className].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </dl>
  );
}

/** One labelled value of a StatList. */
export function StatRow({ label, testId, children }: { label: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <div className="stat-list__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
