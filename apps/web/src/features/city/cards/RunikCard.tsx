import { formatRunikBrief } from '@runik/rules';
import { isSpotlit } from '../../../shared/first-step-spotlight';
import { CountUp } from '../../../ui/CountUp';
import { CurrencyIcon } from '../../../ui/icons/CurrencyIcon';
import type { CityState } from '../city-state';
import { WalletActions } from './WalletActions';

interface RunikCardProps {
  city: CityState;
  /** `guided`: opened from the guide's card, which names the suggested amount. */
  onConvertToRunik: (guided: boolean) => void;
  onConvertToResources: () => void;
  onDeposit: () => void;
  onWithdraw: () => void;
}

export function RunikCard({ city, onConvertToRunik, onConvertToResources, onDeposit, onWithdraw }: RunikCardProps) {
  return (
    <section className="city-card panel" aria-labelledby="city-runiks-title" data-testid="runiks-card">
      <h2 id="city-runiks-title" className="city-card__title">
        <CurrencyIcon currency="RUNIK" className="game-icon--lg" /> RUNIKS
      </h2>
      <p className="city-runik">
        <CountUp className="city-runik__amount" testId="runik-amount" value={city.holdings.runik} format={formatRunikBrief} /> RUNIK
      </p>
      <div className="city-card__actions">
        <button
          type="button"
          className="button city-card__action"
          data-first-step="convert-to-runik"
          onClick={(event) => onConvertToRunik(isSpotlit(event.currentTarget))}
        >
          Convert to RUNIK
        </button>
        <button type="button" className="button city-card__action" data-first-step="convert-to-resources" onClick={onConvertToResources}>
          Convert to Resources
        </button>
      </div>
      <WalletActions onDeposit={onDeposit} onWithdraw={onWithdraw} />
    </section>
  );
}
