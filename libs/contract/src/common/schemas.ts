import { z } from 'zod';
import { isValidHiveUsername } from '@runik/rules';

export const hiveUsernameSchema = z
  .string({ error: 'username must be a string' })
  .refine(isValidHiveUsername, { message: 'Invalid Hive username' });

/** A referrer may be left empty: the server then uses the default referrer. */
export const referrerSchema = z.union([z.literal(''), hiveUsernameSchema]);

/** A Hive (and Hive Engine) transaction id: 40 hex characters, optionally "-n" for an operation index. */
export const transactionIdSchema = z
  .string({ error: 'transactionId must be a string' })
  .regex(/^[0-9a-f]{40}(-\d{1,3})?$/, 'transactionId must be a Hive transaction id');

export const usernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const hiveUsernameParamsSchema = z.strictObject({ hiveUsername: hiveUsernameSchema });
export const txIdParamsSchema = z.strictObject({ txId: transactionIdSchema });

export const OFFSET_MESSAGE = 'offset must be a whole number of 0 or more.';
/** A page's `offset` query parameter: a whole number of 0 or more, 0 when absent. */
export const offsetQueryParameterSchema = z
  .string({ error: OFFSET_MESSAGE })
  .regex(/^\d{1,9}$/, OFFSET_MESSAGE)
  .transform(Number)
  .optional()
  .transform((offset) => offset ?? 0);

const CURSOR_MESSAGE = 'cursor must be a nextCursor this API returned.';

/**
 * The query fields of a list paged by a keyset cursor, newest first: `cursor` (a previous page's
 * `nextCursor`, an id) and `limit` (1 to `maxPageSize`, `pageSize` when absent).
 */
export function cursorPageQueryFields(pageSize: number, maxPageSize: number) {
  const limitMessage = `limit must be a whole number from 1 to ${maxPageSize}.`;
  return {
    cursor: z
      .string({ error: CURSOR_MESSAGE })
      .regex(/^[1-9]\d{0,15}$/, CURSOR_MESSAGE)
      .transform(Number)
      .optional(),
    limit: z
      .string({ error: limitMessage })
      .regex(/^\d{1,3}$/, limitMessage)
      .transform(Number)
      .refine((limit) => limit >= 1 && limit <= maxPageSize, limitMessage)
      .optional()
      .transform((limit) => limit ?? pageSize),
  };
}
