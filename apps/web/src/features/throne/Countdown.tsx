import { useNow } from '../city/city-clock';
import { countdownText } from './throne-clock';

interface CountdownProps {
  /** The instant counted down to (ISO). */
  to: string;
  /** Shown once the instant has passed. */
  passed: string;
  testId: string;
}

/** Days, hours, minutes and seconds left, ticking with the page's clock (spec section 9). */
export function Countdown({ to, passed, testId }: CountdownProps) {
  const now = useNow();
  return (
    <span role="timer" className="throne-countdown" data-testid={testId}>
      {countdownText(Date.parse(to), now, passed)}
    </span>
  );
}
