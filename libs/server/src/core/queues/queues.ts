/** Every queue, job name and job payload, in one place. */
export const Queues = {
  /** Anything that moves value against the chain: registrations now; deposits and withdrawals later. */
  ledger: 'ledger',
} as const;

export const LedgerJobs = {
  confirmRegistration: 'confirm-registration',
} as const;

export interface ConfirmRegistrationJob {
  registrationId: number;
}

/** How long the worker keeps looking for a registration's transaction before calling it invalid. */
export const CONFIRM_REGISTRATION_ATTEMPTS = 40;
export const CONFIRM_REGISTRATION_RETRY_MS = 3_000;
