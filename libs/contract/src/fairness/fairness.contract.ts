import { z } from 'zod';
import { CLIENT_SEED_PATTERN } from '@runik/rules';
import type { BattleInput, BattleOutcome, MerkleStep, PackCurrency, RolledGear } from '@runik/rules';

/**
 * Provably fair rolls (issue 51, docs/fairness.md): the player's seed pairs, and the rolls made with the revealed
 * ones, so the Verify page (or anyone's own verifier) recomputes each roll with the same `libs/rules` functions.
 */
export const FairnessMessages = {
  invalidClientSeed: 'The client seed must be 1 to 64 printable ASCII characters without spaces.',
} as const;

/** The custom_json id of the game account's daily post of the day's commitments' Merkle root. */
export const FAIRNESS_CUSTOM_JSON_ID = 'runik_fairness';

/** POST /api/fairness/{username}/rotate: an optional client seed for the next pair, now current (else the server draws one). */
export const rotateSeedBodySchema = z.strictObject({
  clientSeed: z
    .string({ error: FairnessMessages.invalidClientSeed })
    .regex(CLIENT_SEED_PATTERN, FairnessMessages.invalidClientSeed)
    .optional(),
});
export type RotateSeedRequest = z.infer<typeof rotateSeedBodySchema>;

/**
 * The seed pair in use: its server seed is secret until rotated. `nonce` is the next roll's. `nextCommitment` is the
 * next pair's, committed before the player chooses its client seed (the rotation's `clientSeed`).
 */
export interface CurrentSeedDto {
  commitment: string;
  clientSeed: string;
  nonce: number;
  nextCommitment: string;
}

/** A pack purchase rolled with a revealed seed: `rollPacks(rollSeed(...), packCount, tier)` gives `gears` (once opened). */
export interface PackRollDto {
  kind: 'pack';
  nonce: number;
  /** The 32-bit seed the server derived and stored. */
  seed: number;
  purchaseId: number;
  currency: PackCurrency;
  packCount: number;
  tier: number;
  status: string;
  /** The gears the purchase's opening made (in order); null while unopened. */
  gears: RolledGear[] | null;
  at: string;
}

/** A battle or practice raid rolled with a revealed seed: `resolveBattle({ ...input, seed: rollSeed(...) })` gives `outcome`. */
export interface BattleRollDto {
  kind: 'battle' | 'practice-raid';
  nonce: number;
  seed: number;
  battleId: number;
  input: Omit<BattleInput, 'seed'>;
  outcome: BattleOutcome;
  at: string;
}

export type FairRollDto = PackRollDto | BattleRollDto;

/** A revealed seed pair, with the Merkle proof of its commitment under the day's posted root. */
export interface RevealedSeedDto {
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  /** The nonces used with it run from `fromNonce` to `toNonce`, both included; toNonce = fromNonce - 1 when none was used. */
  fromNonce: number;
  toNonce: number;
  /** The game day whose post holds the commitment, null until it is posted. */
  postedDay: string | null;
  postedInBlock: number | null;
  postTransactionId: string | null;
  merkleRoot: string | null;
  /** Null until the day's post is made. */
  merkleProof: MerkleStep[] | null;
  revealedAt: string;
  rolls: FairRollDto[];
}

/** GET /api/fairness/{username}: the current pair and the revealed ones, newest first. */
export interface FairnessResponse {
  current: CurrentSeedDto;
  revealed: RevealedSeedDto[];
}

/** POST /api/fairness/{username}/rotate: the pair just revealed and the new one. */
export interface RotateSeedResponse {
  revealed: RevealedSeedDto;
  current: CurrentSeedDto;
}
