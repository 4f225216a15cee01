import { useId } from 'react';
import { Link } from 'react-router-dom';
import { GameIcon } from '../../ui/icons/GameIcon';
import type { MarketplaceEntry } from './marketplace-entries';

/** One hub entry: title, a line about it and the link in. */
export function MarketplaceEntryCard({ entry }: { entry: MarketplaceEntry }) {
  const titleId = useId();
  return (
    <li className="marketplace-entry panel" aria-labelledby={titleId} data-testid={`marketplace-${entry.key}`}>
      <h2 id={titleId} className="marketplace-entry__title">
        <GameIcon icon={entry.icon} /> {entry.title}
      </h2>
      <p className="marketplace-entry__text">{entry.text}</p>
      <Link to={entry.to} className="button button--primary marketplace-entry__link">
        {entry.action}
      </Link>
    </li>
  );
}
