import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import {
  ConfirmDepositJob,
  ConfirmPackPurchaseJob,
  ConfirmRegistrationJob,
  ConfirmShopPurchaseJob,
  DepositJobs,
  LedgerJobs,
  loadAppConfig,
  PackJobs,
  Queues,
  RegistrationJobs,
  SendWithdrawalJob,
  ShopJobs,
  WithdrawJobs,
} from '@runik/server';
import { JOB_METRICS } from './job-metrics';

/** A job of a worker that died is taken over after the lock expires (BullMQ's stalled-job check). */
const { WORKER_LOCK_DURATION_MS } = loadAppConfig();

/** The ledger queue's one consumer: hands each job to the feature that owns it. */
@Processor(Queues.ledger, {
  concurrency: 4,
  lockDuration: WORKER_LOCK_DURATION_MS,
  stalledInterval: WORKER_LOCK_DURATION_MS,
  // Every ledger job is idempotent, so one whose worker died several times is still taken over,
  // never failed for good with its deposit or withdrawal left pending (BullMQ's default is 1).
  maxStalledCount: 10,
  metrics: JOB_METRICS,
})
export class LedgerQueueProcessor extends WorkerHost {
  constructor(
    private readonly registrations: RegistrationJobs,
    private readonly deposits: DepositJobs,
    private readonly withdrawals: WithdrawJobs,
    private readonly packs: PackJobs,
    private readonly shop: ShopJobs,
  ) {
    super();
  }

  async process(job: Job): Promise<void> {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    switch (job.name) {
      case LedgerJobs.confirmRegistration:
        return this.registrations.confirmRegistration((job.data as ConfirmRegistrationJob).registrationId, lastAttempt);
      case LedgerJobs.confirmDeposit:
        return this.deposits.confirmDeposit((job.data as ConfirmDepositJob).depositId, lastAttempt);
      case LedgerJobs.sendWithdrawal:
        return this.withdrawals.sendWithdrawal((job.data as SendWithdrawalJob).withdrawalId, lastAttempt);
      case LedgerJobs.confirmPackPurchase:
        return this.packs.confirmPackPurchase((job.data as ConfirmPackPurchaseJob).packPurchaseId, lastAttempt);
      case LedgerJobs.confirmShopPurchase:
        return this.shop.confirmShopPurchase((job.data as ConfirmShopPurchaseJob).shopPurchaseId, lastAttempt);
      default:
        throw new Error(`Unknown ledger job: ${job.name}`);
    }
  }
}
