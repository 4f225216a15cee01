import { formatRunik } from '@runik/rules';
import type { CityState } from '../city-state';
import { WalletActions } from './WalletActions';

interface RunikCardProps {
  city: CityState;
  onConvertToRunik: () => void;
  onConvertToResources: () => void;
  onDeposit: () => void;
  onWithdraw: () => void;
}

export function RunikCard({ city, onConvertToRunik, onConvertToResources, onDeposit, onWithdraw }: RunikCardProps) {
  return (
    <section className="city-card panel" aria-labelledby="city-runiks-title" data-testid="runiks-card">
      <h2 id="city-runiks-title" className="city-card__title">
        RUNIKS
      </h2>
      <p className="city-runik">
        <span className="city-runik__amount" data-testid="runik-amount">
          {formatRunik(city.holdings.runik)}
        </span>{' '}
        RUNIK
      </p>
      <div className="city-card__actions">
        <button type="button" className="button city-card__action" onClick={onConvertToRunik}>
          Convert to RUNIK
        </button>
        <button type="button" className="button city-card__action" onClick={onConvertToResources}>
          Convert to Resources
        </button>
      </div>
      <WalletActions onDeposit={onDeposit} onWithdraw={onWithdraw} />
    </section>
  );
}
