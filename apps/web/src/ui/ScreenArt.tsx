import { useId, type ReactNode } from 'react';
import './screen-art.css';

interface ScreenArtProps {
  /** The picture's accessible name: what it shows. */
  label: string;
  /** Test id of the picture. */
  testId: string;
  /** 320 wide; 140 high unless given. */
  height?: number;
  className?: string;
  /** The drawing, in a 320 × height box; `id` prefixes its gradients' ids so two pictures never share one. */
  children: (id: string) => ReactNode;
}

/**
 * A screen's picture (issue 50): an inline drawing made for the game (no outside art), scaled to its box, never
 * wider than the screen, with its accessible name. Each screen's drawing lives in its own feature, so it loads with
 * that screen's chunk.
 */
export function ScreenArt({ label, testId, height = 140, className, children }: ScreenArtProps) {
  const id = `art${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      className={className ? `screen-art ${className}` : 'screen-art'}
      viewBox={`0 0 320 ${height}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      preserveAspectRatio="xMidYMid slice"
    >
      {children(id)}
    </svg>
  );
}
