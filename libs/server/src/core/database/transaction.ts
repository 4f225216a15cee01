import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/** PostgreSQL's deadlock_detected and serialization_failure: it rolled the whole transaction back, so it may simply run again. */
const TRANSIENT_CONFLICTS = new Set(['40P01', '40001']);
const ATTEMPTS = 3;
const logger = new Logger('Transaction');

export function isTransientConflict(error: unknown): boolean {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return TRANSIENT_CONFLICTS.has(String(candidate?.code ?? candidate?.driverError?.code ?? ''));
}

/**
 * A transaction that runs again when PostgreSQL aborts it to break a lock cycle or a serialization
 * conflict, as PostgreSQL advises. Postings lock their rows in one order, but a transaction may post
 * several times (a conversion debits RUNIK, then credits resources) and a boss's reward credits every
 * participant while each may be acting on their own city, so no single order can cover every
 * transaction. `work` must change nothing outside PostgreSQL before its COMMIT (pushes wait for the
 * commit: NotificationPush), which holds for every feature's transaction.
 */
export async function retryingTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  isolation?: IsolationLevel,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return isolation ? await dataSource.transaction(isolation, work) : await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      // No pause: PostgreSQL aborted only this one, so the others of the cycle hold their locks and finish, and
      // this one, run again at once, usually waits for them at its first lock instead of meeting them halfway
      // (on a busy machine it may take a freed row before the one woken for it, meet it again and need its third).
      logger.warn(
        `Transaction rolled back by PostgreSQL (${(error as Error).message}); running it again (attempt ${attempt + 1} of ${ATTEMPTS})`,
      );
    }
  }
}
