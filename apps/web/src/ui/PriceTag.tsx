import { CurrencyIcon, type Currency } from './icons/CurrencyIcon';
import './price-tag.css';

interface PriceTagProps {
  /** Already formatted by the screen (one number format everywhere). */
  amount: string;
  currency: Currency;
  testId?: string;
}

/** What something costs: the currency's icon, the amount and the currency's name, kept on one line. */
export function PriceTag({ amount, currency, testId }: PriceTagProps) {
  return (
    <span className="price-tag" data-testid={testId}>
      {/* No space after the icon: the flex gap sets them apart, so the text reads "amount currency". */}
      <CurrencyIcon currency={currency} />
      {amount} {currency}
    </span>
  );
}
