import { z } from 'zod';
import { hiveUsernameSchema } from '../common/schemas';

/**
 * A new player's guided path, in the order it is shown (not in the spec: issue 20). Each step is
 * ticked off by the real action, read from what the game already stores, except looking at the
 * alliances, which nothing else records.
 */
export const FIRST_STEP_IDS = ['harvest', 'upgrade-farm', 'train-infantry', 'raid', 'alliances'] as const;
export type FirstStepId = (typeof FIRST_STEP_IDS)[number];

export interface FirstStepDto {
  id: FirstStepId;
  done: boolean;
}

/** GET /api/first-steps/{username}, and the answer of both POSTs. */
export interface FirstStepsResponse {
  /** Every step, in FIRST_STEP_IDS order. */
  steps: FirstStepDto[];
  /** The player chose to skip the guide: it is not shown again, on any device. */
  skipped: boolean;
  /** Every step is done, or the account is older than the guide: it is not shown. */
  finished: boolean;
}

export const firstStepsParamsSchema = z.strictObject({ username: hiveUsernameSchema });
