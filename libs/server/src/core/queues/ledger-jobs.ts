import type { JobsOptions, Queue } from 'bullmq';
import type { AppConfig } from '../config/app-config';
import {
  CONFIRM_REGISTRATION_ATTEMPTS,
  ConfirmDepositJob,
  ConfirmPackPurchaseJob,
  ConfirmRegistrationJob,
  ConfirmShopPurchaseJob,
  LedgerJobs,
  SendWithdrawalJob,
} from './queues';

export const WITHDRAWAL_ATTEMPTS = 200;

/** One ledger job as it is enqueued: the same whether its row was just written or the sweeper found it waiting. */
export interface LedgerJobSpec {
  name: string;
  data: object;
  opts: JobsOptions & { jobId: string };
}

/**
 * Each job's id is derived from its row (or the chain transaction), so enqueueing it twice is a
 * no-op; the database stays the real guard.
 */
export const ledgerJobs = {
  registration: (row: { id: number; transactionId: string; hiveUsername: string }, config: AppConfig): LedgerJobSpec => ({
    name: LedgerJobs.confirmRegistration,
    data: { registrationId: row.id } satisfies ConfirmRegistrationJob,
    opts: {
      jobId: `registration-${row.transactionId}-${row.hiveUsername}`,
      attempts: CONFIRM_REGISTRATION_ATTEMPTS,
      backoff: { type: 'fixed', delay: config.CONFIRM_REGISTRATION_RETRY_MS },
    },
  }),
  deposit: (row: { id: number; transactionId: string; playerId: number }, config: AppConfig): LedgerJobSpec => ({
    name: LedgerJobs.confirmDeposit,
    data: { depositId: row.id } satisfies ConfirmDepositJob,
    opts: {
      jobId: `deposit-${row.transactionId}-${row.playerId}`,
      attempts: Math.ceil(config.DEPOSIT_CONFIRMATION_WINDOW_MS / config.DEPOSIT_RETRY_MS),
      backoff: { type: 'fixed', delay: config.DEPOSIT_RETRY_MS },
    },
  }),
  withdrawal: (id: number, config: AppConfig): LedgerJobSpec => ({
    name: LedgerJobs.sendWithdrawal,
    data: { withdrawalId: id } satisfies SendWithdrawalJob,
    opts: { jobId: `withdrawal-${id}`, attempts: WITHDRAWAL_ATTEMPTS, backoff: { type: 'fixed', delay: config.WITHDRAWAL_RETRY_MS } },
  }),
  packPurchase: (id: number, config: AppConfig): LedgerJobSpec => ({
    name: LedgerJobs.confirmPackPurchase,
    data: { packPurchaseId: id } satisfies ConfirmPackPurchaseJob,
    opts: { jobId: `pack-purchase-${id}`, ...swapHiveRetries(config) },
  }),
  shopPurchase: (id: number, config: AppConfig): LedgerJobSpec => ({
    name: LedgerJobs.confirmShopPurchase,
    data: { shopPurchaseId: id } satisfies ConfirmShopPurchaseJob,
    opts: { jobId: `shop-purchase-${id}`, ...swapHiveRetries(config) },
  }),
};

function swapHiveRetries(config: AppConfig): JobsOptions {
  return {
    attempts: Math.ceil(config.SWAP_HIVE_CONFIRMATION_WINDOW_MS / config.SWAP_HIVE_CONFIRMATION_RETRY_MS),
    backoff: { type: 'fixed', delay: config.SWAP_HIVE_CONFIRMATION_RETRY_MS },
  };
}

export async function enqueue(queue: Queue, { name, data, opts }: LedgerJobSpec): Promise<void> {
  await queue.add(name, data, opts);
}
