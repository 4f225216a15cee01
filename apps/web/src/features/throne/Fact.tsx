import type { ReactNode } from 'react';

/** One labelled value of a `<dl className="throne-facts">`. */
export function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="throne-facts__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
