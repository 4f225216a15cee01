import type { ReactNode } from 'react';

interface MessageProps {
  tone: 'error' | 'info' | 'success';
  children: ReactNode;
}

/** A line of feedback; errors are announced at once to assistive technology. */
export function Message({ tone, children }: MessageProps) {
  return (
    <p className={`message message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
