import { PaymentProgressMessages, type PaymentStep } from '@runik/contract';
import './payment-steps.css';

const STEPS: readonly { step: PaymentStep; label: string }[] = [
  { step: 'sent', label: 'Sent' },
  { step: 'seen', label: 'Seen on chain' },
  { step: 'credited', label: 'Credited' },
];

/** The later of two steps: a payment never goes back (a late poll after a push). */
export function laterStep(a: PaymentStep, b: PaymentStep): PaymentStep {
  return STEPS.findIndex(({ step }) => step === a) >= STEPS.findIndex(({ step }) => step === b) ? a : b;
}

interface PaymentStepsProps {
  /** The step the payment has reached. */
  step: PaymentStep;
  /** What was sent, e.g. "12.500 RNK". */
  sent: string;
  /** What the credit gives, e.g. "12.500 RUNIK". */
  credited: string;
  /** The Hive node has the payment in a block and Hive Engine has not processed it yet: said under the steps. */
  awaitingHiveEngine?: boolean;
}

/**
 * Where a payment to the game is, for a screen waiting on one: sent, seen on chain, credited (issue 35:
 * the deposit popup and the activation screen said one fixed line while the toast had already come).
 */
export function PaymentSteps({ step, sent, credited, awaitingHiveEngine = false }: PaymentStepsProps) {
  const reached = STEPS.findIndex((entry) => entry.step === step);
  return (
    <>
      <ol className="payment-steps" aria-label="Payment progress" data-testid="payment-steps" data-step={step}>
        {STEPS.map((entry, index) => {
          const state = index < reached || step === 'credited' ? 'done' : index === reached ? 'current' : 'waiting';
          const figure = entry.step === 'sent' ? sent : entry.step === 'credited' ? credited : null;
          return (
            <li
              key={entry.step}
              className={`payment-steps__step payment-steps__step--${state}`}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="payment-steps__mark" aria-hidden="true" />
              <span className="payment-steps__label">{entry.label}</span>
              {figure && <span className="payment-steps__figure">{figure}</span>}
              <span className="sr-only">{state === 'done' ? ' (done)' : state === 'current' ? ' (now)' : ' (waiting)'}</span>
            </li>
          );
        })}
      </ol>
      {awaitingHiveEngine && step === 'sent' && (
        <p className="city-note" role="status" data-testid="payment-awaiting-engine">
          {PaymentProgressMessages.awaitingHiveEngine}
        </p>
      )}
    </>
  );
}
