import type { ReactNode } from 'react';
import './badge.css';

interface BadgeProps {
  children: ReactNode;
  /** muted: a plain status (Equipped); gold: a rank or role (Leader); danger and success: a state of play. */
  tone?: 'muted' | 'gold' | 'danger' | 'success';
  className?: string;
  testId?: string;
}

/** A small pill beside a name or title; as wide as its text wherever it sits. */
export function Badge({ children, tone = 'muted', className, testId }: BadgeProps) {
  return (
    <span className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </span>
  );
}
