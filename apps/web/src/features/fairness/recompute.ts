import type { FairRollDto, RevealedSeedDto } from '@runik/contract';
import { merkleRootFromProof, resolveBattle, rollPacks, rollSeed, seedCommitment } from '@runik/rules';

/** One roll recomputed in the browser from the revealed seeds and its nonce (docs/fairness.md). */
export interface RollCheck {
  roll: FairRollDto;
  seed: number;
  /** The derived seed equals the one the server stored, and the game function gives the stored result. */
  matches: boolean;
  /** A purchase not opened yet: its seed is checked, its gears are not made yet. */
  pending: boolean;
}

export interface SeedCheck {
  commitmentMatches: boolean;
  /** The nonces run from fromNonce to toNonce with no gap or repeat. */
  noncesComplete: boolean;
  /** The proof leads to the posted root; null while the day is not posted. */
  proofMatches: boolean | null;
  rolls: RollCheck[];
}

/** Deep equality whatever the keys' order (the server stores results as jsonb, which orders keys its own way). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

export function checkRoll(revealed: Pick<RevealedSeedDto, 'serverSeed' | 'clientSeed'>, roll: FairRollDto): RollCheck {
  const seed = rollSeed(revealed.serverSeed, revealed.clientSeed, roll.nonce);
  if (roll.kind === 'pack') {
    const pending = roll.gears === null;
    const gearsMatch = pending || same(rollPacks(seed, roll.packCount, roll.tier), roll.gears);
    return { roll, seed, matches: seed === roll.seed && gearsMatch, pending };
  }
  return { roll, seed, matches: seed === roll.seed && same(resolveBattle({ ...roll.input, seed }), roll.outcome), pending: false };
}

export function checkSeed(revealed: RevealedSeedDto): SeedCheck {
  const nonces = revealed.rolls.map((roll) => roll.nonce).sort((a, b) => a - b);
  const expected = Array.from({ length: revealed.toNonce - revealed.fromNonce + 1 }, (_, index) => revealed.fromNonce + index);
  return {
    commitmentMatches: seedCommitment(revealed.serverSeed) === revealed.commitment,
    noncesComplete: same(nonces, expected),
    proofMatches:
      revealed.merkleProof && revealed.merkleRoot
        ? merkleRootFromProof(revealed.commitment, revealed.merkleProof) === revealed.merkleRoot
        : null,
    rolls: revealed.rolls.map((roll) => checkRoll(revealed, roll)),
  };
}

/** A client seed drawn in the browser: 16 random bytes as hex. */
export function browserClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
