import { createHash, createHmac } from 'node:crypto';
import { NO_COMMANDER_BONUSES } from '../combat/army';
import { BATTLE, resolveBattle } from '../combat/battle';
import { PRACTICE_CAMP, practiceCampArmy, practiceCampStore } from '../combat/practice-camp';
import { noResources } from '../city/balance-sheet';
import { rollPacks } from '../gear/packs';
import { merkleProof, merkleRoot, merkleRootFromProof, rollSeed, seedCommitment } from './fair-roll';
import { seededRandom } from './seeded-random';

const SERVER_SEED = `${'00'.repeat(31)}01`;
const OTHER_SEED = 'ab'.repeat(32);

describe('rollSeed', () => {
  it('is the first 4 bytes, big-endian, of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`)', () => {
    // An independent implementation (Node's crypto) gives the same seeds.
    for (const [serverSeed, clientSeed, nonce] of [
      [SERVER_SEED, 'player-seed', 0],
      [SERVER_SEED, 'player-seed', 1],
      [OTHER_SEED, 'Zürich-ü', 4_000_000_000],
    ] as const) {
      const mac = createHmac('sha256', Buffer.from(serverSeed, 'hex')).update(`${clientSeed}:${nonce}`).digest();
      expect(rollSeed(serverSeed, clientSeed, nonce)).toBe(mac.readUInt32BE(0));
    }
    // Fixed vectors a verifier in any language can check itself against.
    expect(rollSeed(SERVER_SEED, 'player-seed', 0)).toBe(264_814_247);
    expect(rollSeed(SERVER_SEED, 'player-seed', 1)).toBe(2_839_622_837);
  });

  it('is deterministic and changes with each input', () => {
    expect(rollSeed(SERVER_SEED, 'a', 5)).toBe(rollSeed(SERVER_SEED, 'a', 5));
    expect(rollSeed(SERVER_SEED, 'a', 5)).not.toBe(rollSeed(SERVER_SEED, 'a', 6));
    expect(rollSeed(SERVER_SEED, 'a', 5)).not.toBe(rollSeed(SERVER_SEED, 'b', 5));
    expect(rollSeed(SERVER_SEED, 'a', 5)).not.toBe(rollSeed(OTHER_SEED, 'a', 5));
  });

  it('refuses a malformed server seed or nonce', () => {
    expect(() => rollSeed('ABCD', 'a', 0)).toThrow();
    expect(() => rollSeed(SERVER_SEED, 'a', -1)).toThrow();
    expect(() => rollSeed(SERVER_SEED, 'a', 1.5)).toThrow();
  });

  it('commits to a server seed with SHA-256 of its bytes', () => {
    expect(seedCommitment(SERVER_SEED)).toBe(createHash('sha256').update(Buffer.from(SERVER_SEED, 'hex')).digest('hex'));
  });
});

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('rolls drawn from derived seeds', () => {
  const NONCES = 30_000;
  const derived = Array.from({ length: NONCES }, (_, nonce) => rollSeed(SERVER_SEED, 'statistics', nonce));

  // Thresholds: the chi-square value exceeded with probability 0.001 for the buckets' degrees of freedom.
  it.each([
    { range: 2, critical: 10.83 },
    { range: 3, critical: 13.82 },
    { range: 6, critical: 20.52 },
    { range: 7, critical: 22.46 },
    { range: 10, critical: 27.88 },
    { range: 100, critical: 148.23 },
  ])('draws every value of a range of $range equally often (chi-square under $critical)', ({ range, critical }) => {
    const counts = new Array<number>(range).fill(0);
    for (const seed of derived) counts[seededRandom(seed).int(0, range - 1)]++;
    expect(chiSquare(counts)).toBeLessThan(critical);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('spreads the derived 32-bit seeds evenly (top 4 bits: 16 buckets, chi-square under 37.70)', () => {
    const counts = new Array<number>(16).fill(0);
    for (const seed of derived) counts[seed >>> 28]++;
    expect(chiSquare(counts)).toBeLessThan(37.7);
  });

  it('draws a range that does not divide 2^32 without modulo bias (rejection sampling)', () => {
    // 3 * 2^30 values: a plain `value % range` over 32 bits would give 0 and 1 each twice as often as 2.
    const range = 3 * 2 ** 30;
    const thirds = [0, 0, 0];
    for (const seed of derived) thirds[Math.floor(seededRandom(seed).int(0, range - 1) / 2 ** 30)]++;
    expect(chiSquare(thirds)).toBeLessThan(13.82);
  });
});

describe('game functions replayed from a derived seed', () => {
  it('rollPacks gives the same gears from the seed and nonce as the server stored', () => {
    const seed = rollSeed(SERVER_SEED, 'player-seed', 0);
    expect(rollPacks(seed, 3, 2)).toEqual([
      { category: 'mayor', type: 'lumber', rarity: 'common', level: 2 },
      { category: 'mayor', type: 'lumber', rarity: 'rare', level: 2 },
      { category: 'mayor', type: 'wheat', rarity: 'common', level: 2 },
    ]);
    expect(rollPacks(rollSeed(SERVER_SEED, 'player-seed', 0), 3, 2)).toEqual(rollPacks(seed, 3, 2));
  });

  it('resolveBattle and a practice-camp raid replay from the derived seed', () => {
    const raider = { infantry: 500, archers: 200, cavalries: 50 };
    const seed = rollSeed(OTHER_SEED, 'client', 41);
    const raid = {
      attacker: { troops: raider, bonuses: NO_COMMANDER_BONUSES },
      defender: { troops: practiceCampArmy(raider), bonuses: NO_COMMANDER_BONUSES, pending: practiceCampStore(noResources()) },
      seed,
      lootPercent: PRACTICE_CAMP.lootPercent,
      lootLostPercent: PRACTICE_CAMP.lootLostPercent,
    };
    const stored = resolveBattle(raid);
    expect(resolveBattle({ ...structuredClone(raid), seed: rollSeed(OTHER_SEED, 'client', 41) })).toEqual(stored);
    const random = seededRandom(seed);
    expect(stored.rolls.attackerLuck).toBeCloseTo(BATTLE.luckMin + (BATTLE.luckMax - BATTLE.luckMin) * random.fraction(), 10);
  });
});

describe('Merkle tree of commitments', () => {
  const leaves = Array.from({ length: 7 }, (_, index) => seedCommitment(index.toString(16).padStart(64, '0')));

  it('proves every leaf under the root, for every tree size', () => {
    for (let size = 1; size <= leaves.length; size++) {
      const root = merkleRoot(leaves.slice(0, size));
      for (let index = 0; index < size; index++) {
        expect(merkleRootFromProof(leaves[index], merkleProof(leaves.slice(0, size), index))).toBe(root);
      }
    }
    expect(merkleRoot(leaves.slice(0, 1))).toBe(leaves[0]);
  });

  it('does not prove a leaf that is not in the tree', () => {
    const proof = merkleProof(leaves, 2);
    expect(merkleRootFromProof(seedCommitment('ff'.repeat(32)), proof)).not.toBe(merkleRoot(leaves));
  });
});
