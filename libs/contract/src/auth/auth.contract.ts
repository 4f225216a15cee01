import { z } from 'zod';
import { hiveUsernameSchema, referrerSchema, transactionIdSchema } from '../common/schemas';

export interface LoginChallengeResponse {
  challenge: string;
  timestamp: number;
  message: string;
}

/** 404 body for a valid name without a game account: the challenge still works for free registration. */
export interface NotRegisteredResponse extends LoginChallengeResponse {
  error: string;
}

const signedChallengeFields = {
  hiveUsername: hiveUsernameSchema,
  challenge: z.string().regex(/^[0-9a-f]{64}$/, 'challenge must be the one issued by the server'),
  signature: z.string().regex(/^[0-9a-f]{130}$/, 'signature must be a 65-byte hex signature'),
  timestamp: z.number().int().positive(),
};

export const verifyLoginSchema = z.strictObject(signedChallengeFields);
export type VerifyLoginRequest = z.infer<typeof verifyLoginSchema>;

/** `POST /api/login/hivesigner` (issue 49): the access token HiveSigner redirected back with. */
export const hiveSignerLoginSchema = z.strictObject({
  accessToken: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[A-Za-z0-9_\-.=+/]+$/, 'accessToken must be the token HiveSigner returned'),
});
export type HiveSignerLoginRequest = z.infer<typeof hiveSignerLoginSchema>;

export interface SessionResponse {
  success: true;
  token: string;
  hiveUsername: string;
  expiresAt: string;
}

export const freeRegistrationSchema = z.strictObject({ ...signedChallengeFields, referrer: referrerSchema });
export type FreeRegistrationRequest = z.infer<typeof freeRegistrationSchema>;

export const initiateRegistrationSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  transactionId: transactionIdSchema,
  referrer: referrerSchema,
  feeInHive: z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, 'feeInHive must be a HIVE amount with up to 3 decimals'),
});
export type InitiateRegistrationRequest = z.infer<typeof initiateRegistrationSchema>;

export interface InitiateRegistrationResponse {
  success: true;
  status: TransactionStatus;
  transactionId: string;
}

export type TransactionStatus = 'pending' | 'confirmed' | 'invalid';

export interface TransactionStatusResponse {
  status: TransactionStatus;
  error: string | null;
  /** The chain follower has recorded the payment's transfer (payment step `seen`); true once confirmed too. */
  seenOnChain: boolean;
  /** Not seen on chain yet, but in a Hive block that Hive Engine has not processed yet (PaymentChainProgress). */
  awaitingHiveEngine: boolean;
}

export interface HivePriceResponse {
  /** 10 USD in HIVE at the median price feed, rounded up to 3 decimals (a decimal string). */
  feeInHive: string;
}

/**
 * `GET /api/late-activation/{username}`: what activating the session's free account now would do, before
 * it pays (issue 44; docs/decisions.md, "The emission budget"). RUNIK figures are RUNIK (3 decimals).
 */
export interface LateActivationPreviewResponse {
  /** The late fee in HIVE at the median feed (15 USD, 50% more than at registration), 3 decimals; quoted, so payable as shown. */
  feeInHive: string;
  /** The late fee in USD (15). */
  feeUsd: number;
  /** The account's RUNIK now. */
  runik: number;
  /** RUNIK that becomes withdrawable as soon as the payment is confirmed: its RNK deposits and RUNIK paid by other players. */
  withdrawableAtOnce: number;
  /** Game-only RUNIK the activation releases from the emission budget: up to `releaseCap`. */
  releaseUpTo: number;
  /** The most an activation releases (300 RUNIK). */
  releaseCap: number;
  /** What is left today of the budget's slice for activations' releases: what exceeds it waits for the next days, oldest activation first. */
  releasesLeftToday: number;
  /** Of `releaseUpTo`, what today's slice could give if the payment were confirmed now. */
  releasedToday: number;
  /** Of `releaseUpTo`, what would wait for the next days' slices. */
  releaseWaiting: number;
  /** RUNIK that stays for use in the game only (never withdrawable). */
  staysGameOnly: number;
}

export interface HiveBalanceResponse {
  /** SWAP.HIVE held on Hive Engine, as the node returns it (a decimal string). */
  balance: string;
}

export interface LogoutResponse {
  success: true;
}
