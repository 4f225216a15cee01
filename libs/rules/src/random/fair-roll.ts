import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Provably fair rolls (docs/fairness.md): the server commits to a secret server seed by showing its SHA-256, and
 * every roll's seed comes from that secret, the player's client seed and the roll's nonce. Once the server seed is
 * revealed, anyone recomputes each roll with the same functions the server used (`rollPacks`, `resolveBattle`).
 */

/** A server seed is 32 random bytes written as 64 lowercase hexadecimal characters. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
/** A client seed: 1 to 64 printable ASCII characters, chosen by the player (or drawn by the browser). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;
export const CLIENT_SEED_MAX_LENGTH = 64;

/** The commitment shown before a server seed is used: SHA-256 of the seed's 32 bytes, as lowercase hex. */
export function seedCommitment(serverSeed: string): string {
  return bytesToHex(sha256(hexToBytes(serverSeed)));
}

/**
 * The 32-bit seed of one roll: the first 4 bytes, read big-endian, of HMAC-SHA256 keyed with the server seed's
 * 32 bytes over the UTF-8 text `${clientSeed}:${nonce}` (nonce in decimal). It feeds `seededRandom`.
 */
export function rollSeed(serverSeed: string, clientSeed: string, nonce: number): number {
  if (!SERVER_SEED_PATTERN.test(serverSeed)) throw new Error('A server seed is 64 lowercase hexadecimal characters');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error('A nonce is a non-negative integer');
  const mac = hmac(sha256, hexToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}`));
  return ((mac[0] << 24) | (mac[1] << 16) | (mac[2] << 8) | mac[3]) >>> 0;
}

/** SHA-256 of a text as lowercase hex (the Merkle tree's leaves and nodes are built from it). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** One step of a Merkle proof: the sibling's hash and the side it stands on. */
export interface MerkleStep {
  sibling: string;
  side: 'left' | 'right';
}

/**
 * The Merkle root of a day's commitments (hex strings, in the order they were made). A leaf is the commitment
 * itself; a node is SHA-256 of the UTF-8 text `left + right` (both lowercase hex); an odd last node is paired with
 * itself. The root of one leaf is that leaf.
 */
export function merkleRoot(leaves: readonly string[]): string {
  if (leaves.length === 0) throw new Error('A Merkle tree needs at least one leaf');
  let level = [...leaves];
  while (level.length > 1) level = nextLevel(level);
  return level[0];
}

/** The proof that `leaves[index]` is under `merkleRoot(leaves)`. */
export function merkleProof(leaves: readonly string[], index: number): MerkleStep[] {
  if (index < 0 || index >= leaves.length) throw new Error('No such leaf');
  const proof: MerkleStep[] = [];
  let level = [...leaves];
  let position = index;
  while (level.length > 1) {
    const isRight = position % 2 === 1;
    const sibling = isRight ? level[position - 1] : (level[position + 1] ?? level[position]);
    proof.push({ sibling, side: isRight ? 'left' : 'right' });
    level = nextLevel(level);
    position = Math.floor(position / 2);
  }
  return proof;
}

/** The root a leaf and its proof lead to (equal to the posted root when the proof holds). */
export function merkleRootFromProof(leaf: string, proof: readonly MerkleStep[]): string {
  return proof.reduce((hash, step) => (step.side === 'left' ? sha256Hex(step.sibling + hash) : sha256Hex(hash + step.sibling)), leaf);
}

function nextLevel(level: readonly string[]): string[] {
  const next: string[] = [];
  for (let index = 0; index < level.length; index += 2) next.push(sha256Hex(level[index] + (level[index + 1] ?? level[index])));
  return next;
}
