import { Countdown as LiveCountdown } from '../../ui/Countdown';
import { countdownText } from './throne-clock';

interface CountdownProps {
  /** The instant counted down to (ISO). */
  to: string;
  /** Shown once the instant has passed. */
  passed: string;
  testId: string;
}

/** Days, hours, minutes and seconds left, live (spec section 9). */
export function Countdown({ to, passed, testId }: CountdownProps) {
  const target = Date.parse(to);
  return (
    <LiveCountdown
      to={target}
      format={(msLeft) => countdownText(target, target - msLeft, passed)}
      passed={passed}
      className="throne-countdown"
      testId={testId}
    />
  );
}
