import { CitadelMessages } from '@runik/contract';
import { LockIcon } from '../../ui/icons/SymbolIcons';
import { CitadelTexts } from './citadel-texts';

/** What a floor above the global current floor shows (spec sections 2 and 8). */
export function AccessDenied({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <section className="citadel-denied panel" aria-labelledby="citadel-denied-title" data-testid="access-denied">
      <LockIcon className="citadel-denied__icon" />
      <h2 id="citadel-denied-title" className="card__title">
        {CitadelMessages.accessDenied}
      </h2>
      <p data-testid="access-denied-message">{message}</p>
      <button type="button" className="button button--primary" onClick={onBack}>
        {CitadelTexts.backToCurrent}
      </button>
    </section>
  );
}
