import { useId, type ReactNode } from 'react';

interface CardProps {
  /** The card's heading, which also names the card for assistive technology. */
  title?: ReactNode;
  /** The heading's id when a test or a link needs a fixed one; generated otherwise. */
  titleId?: string;
  /** Beside the title: a status badge, a price, a small button. */
  actions?: ReactNode;
  /** article for one of a list of like things (an item, an offer), section otherwise. */
  as?: 'section' | 'article';
  className?: string;
  testId?: string;
  children?: ReactNode;
}

/** A framed slab of a screen: a header (title and actions) over its content. */
export function Card({ title, titleId, actions, as: Element = 'section', className, testId, children }: CardProps) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  return (
    <Element
      className={['card panel', className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
      data-testid={testId}
    >
      {(title || actions) && (
        <header className="card__header">
          {title && (
            <h2 id={headingId} className="card__title">
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      {children}
    </Element>
  );
}
