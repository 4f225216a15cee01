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
