import { useState } from 'react';
import type { NotificationKind, NotificationOf, PaymentStep } from '@runik/contract';
import { usePaymentSeen, usePushedNotification } from '../shared/pushed-notifications';
import { laterStep } from '../ui/PaymentSteps';

/**
 * The steps of a payment made by hand (issue 49) whose record the chain follower makes when it credits the transfer
 * (a deposit, an activation fee). The page listens from the moment the transfer is shown (`watch`): a player may
 * send it before saying so. "Seen on chain" when the player's payment is seen, credited when the game pushes
 * `creditedKind` (`onCredited` gets it); "I've sent it" (`sent`) shows the steps at least at "sent". `active` false
 * (another payment of the screen under way) hears nothing.
 */
export function useHandSteps<K extends NotificationKind>(
  creditedKind: K,
  onCredited: (notification: NotificationOf<K>) => void,
  active = true,
) {
  const [watching, setWatching] = useState(false);
  const [step, setStep] = useState<PaymentStep | null>(null);
  const waiting = step === 'sent' || step === 'seen';
  const listening = active && (watching || waiting);
  usePaymentSeen(() => {
    if (listening) setStep((current) => laterStep(current ?? 'sent', 'seen'));
  });
  usePushedNotification(creditedKind, (notification) => {
    if (!listening) return false;
    setStep('credited');
    setWatching(false);
    onCredited(notification);
    return true;
  });
  return {
    step,
    waiting,
    /** The transfer is shown: its payment may come from now on. */
    watch: () => setWatching(true),
    sent: () => setStep((current) => current ?? 'sent'),
  };
}
