import { createHash } from 'node:crypto';
import { ApiRoutes, FAIRNESS_CUSTOM_JSON_ID, FairnessMessages } from '@runik/contract';
import type { BattleRollDto, FairnessResponse, PackRollDto, RevealedSeedDto, RotateSeedResponse } from '@runik/contract';
import { merkleRootFromProof, resolveBattle, rollPacks, rollSeed } from '@runik/rules';
import { newRaidablePlayer, setArmy, setCharges } from '../support/attack';
import { grant, type CityPlayer } from '../support/city';
import { eventually } from '../support/eventually';
import { advanceGameClock } from '../support/game-clock';
import { boughtWithRunik, buyWithRunik, openPacks } from '../support/packs';
import { startStack, Stack, GAME_ACCOUNT } from '../support/stack';

/**
 * Provably fair rolls (issue 51, docs/fairness.md): every pack opening, battle and practice raid is derived from the
 * player's committed server seed, their client seed and a nonce; once revealed, each recomputes from the API's inputs.
 */
// A stack of its own: the daily post needs the game clock moved a day.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

async function fairnessOf(player: CityPlayer): Promise<FairnessResponse> {
  const { status, data } = await player.api.get<FairnessResponse>(ApiRoutes.fairness(player.username));
  expect(status).toBe(200);
  return data;
}

async function rotate(player: CityPlayer, body: unknown = {}): Promise<RotateSeedResponse> {
  const { status, data } = await player.api.post<RotateSeedResponse>(ApiRoutes.fairnessRotate(player.username), body);
  expect(status).toBe(200);
  return data;
}

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** Every roll of a revealed pair recomputed from its inputs alone, as a player's own verifier would. */
function expectRecomputes(revealed: RevealedSeedDto): void {
  expect(sha256(revealed.serverSeed)).toBe(revealed.commitment);
  expect(revealed.rolls.map((roll) => roll.nonce)).toEqual(
    Array.from({ length: revealed.toNonce - revealed.fromNonce + 1 }, (_, index) => revealed.fromNonce + index),
  );
  for (const roll of revealed.rolls) {
    const seed = rollSeed(revealed.serverSeed, revealed.clientSeed, roll.nonce);
    expect(seed).toBe(roll.seed);
    if (roll.kind === 'pack') {
      if (roll.gears) expect(rollPacks(seed, roll.packCount, roll.tier)).toEqual(roll.gears);
    } else {
      expect(resolveBattle({ ...roll.input, seed })).toEqual(roll.outcome);
    }
  }
}

async function simCall<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(stack.simUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const { result, error } = (await response.json()) as { result: T; error?: unknown };
  if (error) throw new Error(`${method}: ${JSON.stringify(error)}`);
  return result;
}

describe('provably fair rolls', () => {
  let alice: CityPlayer;
  let bob: CityPlayer;
  let committed: FairnessResponse;
  let revealed: RevealedSeedDto;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([newRaidablePlayer(stack, 'fair'), newRaidablePlayer(stack, 'foe')]);
  });

  it('shows a commitment before any roll, and the same one until it is rotated', async () => {
    committed = await fairnessOf(alice);
    expect(committed.current).toEqual({
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.any(String),
      nonce: 0,
      nextCommitment: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(committed.current.nextCommitment).not.toBe(committed.current.commitment);
    expect(committed.revealed).toEqual([]);
    expect((await fairnessOf(alice)).current).toEqual(committed.current);
  });

  it('rolls packs, a battle and a practice raid from consecutive nonces, concurrent rolls included', async () => {
    await grant(stack, alice, 'runik', 200_000);
    const single = await boughtWithRunik(alice, 1);
    const bulk = await boughtWithRunik(alice, 10);
    for (const id of [single, bulk]) expect((await openPacks(alice, id)).status).toBe(200);
    // Five purchases at once: five distinct nonces, none skipped.
    const racing = await Promise.all(Array.from({ length: 5 }, () => buyWithRunik(alice, 1)));
    expect(racing.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    await openPacks(alice, (racing[0].data as { packPurchaseId: number }).packPurchaseId);

    await Promise.all([setArmy(stack, alice, { infantry: 200, archers: 50 }), setArmy(stack, bob, { infantry: 100 })]);
    await setCharges(stack, alice, 5);
    const battle = await alice.api.post(ApiRoutes.attack(alice.username, bob.username));
    expect(battle.status).toBe(200);
    const raid = await alice.api.post(ApiRoutes.practiceCampRaid(alice.username), {});
    expect(raid.status).toBe(200);
    expect((await fairnessOf(alice)).current).toEqual({ ...committed.current, nonce: 9 });
  });

  it('reveals the committed seed on rotation, and every roll recomputes from the API’s inputs with no gap', async () => {
    const rotated = await rotate(alice, { clientSeed: 'my-own-seed' });
    revealed = rotated.revealed;
    expect(revealed).toMatchObject({
      commitment: committed.current.commitment,
      clientSeed: committed.current.clientSeed,
      fromNonce: 0,
      toNonce: 8,
    });
    // The new pair's server seed was committed (as the next one) before the player chose its client seed.
    expect(rotated.current).toEqual({
      commitment: committed.current.nextCommitment,
      clientSeed: 'my-own-seed',
      nonce: 0,
      nextCommitment: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(rotated.current.nextCommitment).not.toBe(committed.current.nextCommitment);
    expect(revealed.rolls.map((roll) => roll.kind)).toEqual([
      'pack',
      'pack',
      'pack',
      'pack',
      'pack',
      'pack',
      'pack',
      'battle',
      'practice-raid',
    ]);
    expect((revealed.rolls[0] as PackRollDto).gears).toHaveLength(1);
    expect((revealed.rolls[1] as PackRollDto).gears).toHaveLength(10);
    expect((revealed.rolls[7] as BattleRollDto).input.defender.troops).toEqual({ infantry: 100, archers: 0, cavalries: 0 });
    expectRecomputes(revealed);
    const after = await fairnessOf(alice);
    expect(after.current).toEqual(rotated.current);
    expect(after.revealed.map((seed) => seed.commitment)).toEqual([committed.current.commitment]);
    expectRecomputes(after.revealed[0]);
  });

  it('has no route that replaces a shown commitment; bad input is refused and nothing changes', async () => {
    const before = await fairnessOf(alice);
    for (const body of [
      { clientSeed: '' },
      { clientSeed: 'has space' },
      { clientSeed: 'x'.repeat(65) },
      { clientSeed: 7 },
      { serverSeed: 'ab' },
    ])
      expect(await alice.api.post(ApiRoutes.fairnessRotate(alice.username), body)).toMatchObject({
        status: 400,
        data: { error: expect.any(String) },
      });
    expect((await alice.api.post(ApiRoutes.fairnessRotate(alice.username), { clientSeed: 'a b' })).data.error).toBe(
      FairnessMessages.invalidClientSeed,
    );
    expect((await alice.api.put(ApiRoutes.fairness(alice.username), { commitment: '00'.repeat(32) })).status).toBe(404);
    expect((await alice.api.get(`${ApiRoutes.fairness(alice.username)}?nonce=1`)).status).toBe(400);
    expect(await fairnessOf(alice)).toEqual(before);
  });

  it('reveals each pair once when rotations race, each activating the pair committed before it', async () => {
    const before = await fairnessOf(bob);
    const rotations = await Promise.all(
      Array.from({ length: 4 }, () => bob.api.post<RotateSeedResponse>(ApiRoutes.fairnessRotate(bob.username), {})),
    );
    expect(rotations.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const after = await fairnessOf(bob);
    // Newest first: four pairs revealed, the oldest the one shown before, each the next commitment of the one before it.
    expect(after.revealed.map((seed) => seed.commitment).reverse()).toEqual([
      before.current.commitment,
      before.current.nextCommitment,
      ...after.revealed
        .slice(0, 2)
        .map((seed) => seed.commitment)
        .reverse(),
    ]);
    expect(new Set(rotations.map((response) => response.data.revealed.commitment)).size).toBe(4);
    for (const seed of after.revealed) expect(sha256(seed.serverSeed)).toBe(seed.commitment);
  });

  it("never returns or rotates another player's seeds", async () => {
    const bobs = await fairnessOf(bob);
    expect((await alice.api.get(ApiRoutes.fairness(bob.username))).status).toBe(403);
    expect((await alice.api.post(ApiRoutes.fairnessRotate(bob.username), {})).status).toBe(403);
    expect(await fairnessOf(bob)).toEqual(bobs);
    expect(bobs.current.commitment).not.toBe(committed.current.commitment);
  });

  it("posts the day's commitments' Merkle root on chain, which the revealed seed's proof leads to", async () => {
    await advanceGameClock(stack, { days: 1 });
    const posted = await eventually(
      async () => (await fairnessOf(alice)).revealed[0],
      (seed) => seed.postedInBlock !== null,
      60_000,
    );
    expect(posted.merkleProof).not.toBeNull();
    expect(merkleRootFromProof(posted.commitment, posted.merkleProof!)).toBe(posted.merkleRoot);
    const transaction = await simCall<{
      block_num: number;
      operations: [string, { id: string; json: string; required_auths: string[] }][];
    }>('condenser_api.get_transaction', [posted.postTransactionId]);
    expect(transaction.block_num).toBe(posted.postedInBlock);
    const [[type, operation]] = transaction.operations;
    expect([type, operation.id, operation.required_auths]).toEqual(['custom_json', FAIRNESS_CUSTOM_JSON_ID, [GAME_ACCOUNT]]);
    expect(JSON.parse(operation.json)).toMatchObject({ root: posted.merkleRoot, day: posted.postedDay });
    expect(Buffer.byteLength(operation.json)).toBeLessThanOrEqual(8192);
  });
});
