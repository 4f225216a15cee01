import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import { DataSource, EntityManager } from 'typeorm';
import { merkleProof, merkleRoot } from '@runik/rules';
import type { BattleInput, BattleOutcome, PackCurrency, RolledGear } from '@runik/rules';
import type { CurrentSeedDto, FairnessResponse, FairRollDto, RevealedSeedDto, RotateSeedResponse } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { db, firstRow, rows } from '../core/database/sql';
import { retryingTransaction } from '../core/database/transaction';
import { currentSeed, CurrentSeedRow, drawClientSeed, newPair } from './fair-rolls';

/** The revealed pairs a look at the Verify page shows, newest first. */
export const REVEALED_SEEDS_SHOWN = 20;

interface RevealedRow {
  id: number;
  server_seed: string;
  commitment: string;
  client_seed: string | null;
  next_nonce: number;
  revealed_at: Date | null;
  post_id: number | null;
}

const revealedColumns = ['id', 'server_seed', 'commitment', 'client_seed', 'next_nonce', 'revealed_at', 'post_id'] as const;

/** The player's seed pairs (docs/fairness.md): the current one's commitment, and the revealed ones with their rolls. */
@Injectable()
export class FairnessService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Makes the player's first pair if they have none (its commitment is shown before any roll uses it). */
  async fairness(playerId: number): Promise<FairnessResponse> {
    const current = await retryingTransaction(this.dataSource, (manager) => currentSeed(manager, playerId, this.clock.now()));
    const revealed = await rows(
      this.dataSource.manager,
      db
        .selectFrom('fair_seeds')
        .select(revealedColumns)
        .where('player_id', '=', playerId)
        .where('revealed_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(REVEALED_SEEDS_SHOWN),
    );
    return { current: currentDto(current), revealed: await this.revealedDtos(this.dataSource.manager, revealed) };
  }

  /**
   * Reveals the current pair and activates the next one (its commitment shown before) with `clientSeed`, or one the
   * server draws, then commits to a new next pair. The UPDATE revealing the current pair waits for the rolls in
   * flight on its row, so every roll made with it is in what it reveals.
   */
  async rotate(playerId: number, clientSeed: string | undefined): Promise<RotateSeedResponse> {
    const revealedId = await retryingTransaction(this.dataSource, async (manager) => {
      const now = this.clock.now();
      const id = await this.reveal(manager, playerId, now);
      await rows(
        manager,
        db
          .updateTable('fair_seeds')
          .set({ activated_at: now, client_seed: clientSeed ?? drawClientSeed() })
          .where('player_id', '=', playerId)
          .where('activated_at', 'is', null),
      );
      await rows(manager, db.insertInto('fair_seeds').values(newPair(playerId, now, null)));
      return id;
    });
    const manager = this.dataSource.manager;
    const current = await currentSeed(manager, playerId, this.clock.now());
    const row = await firstRow(manager, db.selectFrom('fair_seeds').select(revealedColumns).where('id', '=', revealedId));
    const [revealed] = await this.revealedDtos(manager, [row!]);
    return { revealed, current: currentDto(current) };
  }

  /**
   * Reveals the player's current pair (made first if missing). A rotation committed meanwhile (two at once) leaves
   * the row this UPDATE waited for revealed already: the next statement sees the pair it activated, which is revealed.
   */
  private async reveal(manager: EntityManager, playerId: number, now: Date): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      await currentSeed(manager, playerId, now);
      const revealed = await firstRow(
        manager,
        db
          .updateTable('fair_seeds')
          .set({ revealed_at: now })
          .where('player_id', '=', playerId)
          .where('activated_at', 'is not', null)
          .where('revealed_at', 'is', null)
          .returning('id'),
      );
      if (revealed) return revealed.id;
      if (attempt >= 3) throw new Error(`No current seed pair to reveal for player ${playerId}`);
    }
  }

  private async revealedDtos(manager: EntityManager, seeds: RevealedRow[]): Promise<RevealedSeedDto[]> {
    if (seeds.length === 0) return [];
    const ids = seeds.map((seed) => seed.id);
    const [packs, battles, raids, posts] = await Promise.all([
      rows(
        manager,
        db
          .selectFrom('pack_purchases')
          .select(['id', 'fair_seed_id', 'nonce', 'seed', 'currency', 'pack_count', 'tier', 'status', 'rolled', 'created_at'])
          .where('fair_seed_id', 'in', ids),
      ),
      rows(
        manager,
        db
          .selectFrom('battles')
          .select(['id', 'fair_seed_id', 'nonce', 'seed', 'input', 'outcome', 'fought_at'])
          .where('fair_seed_id', 'in', ids),
      ),
      rows(
        manager,
        db
          .selectFrom('practice_raids')
          .select(['id', 'fair_seed_id', 'nonce', 'seed', 'input', 'outcome', 'fought_at'])
          .where('fair_seed_id', 'in', ids),
      ),
      this.posts(
        manager,
        seeds.flatMap((seed) => (seed.post_id ? [seed.post_id] : [])),
      ),
    ]);
    const rollsOf = new Map<number, FairRollDto[]>(ids.map((id) => [id, []]));
    for (const pack of packs)
      rollsOf.get(pack.fair_seed_id!)!.push({
        kind: 'pack',
        nonce: pack.nonce!,
        seed: pack.seed,
        purchaseId: pack.id,
        currency: pack.currency as PackCurrency,
        packCount: pack.pack_count,
        tier: pack.tier,
        status: pack.status,
        gears: (pack.rolled as RolledGear[] | null) ?? null,
        at: pack.created_at.toISOString(),
      });
    for (const [kind, fights] of [
      ['battle', battles],
      ['practice-raid', raids],
    ] as const)
      for (const fight of fights) {
        const { attacker, defender, lootPercent, lootLostPercent } = fight.input as unknown as BattleInput;
        rollsOf.get(fight.fair_seed_id!)!.push({
          kind,
          nonce: fight.nonce!,
          seed: fight.seed,
          battleId: fight.id,
          input: { attacker, defender, lootPercent, lootLostPercent },
          outcome: fight.outcome as unknown as BattleOutcome,
          at: fight.fought_at.toISOString(),
        });
      }
    return seeds.map((seed) => {
      const post = seed.post_id ? posts.get(seed.post_id) : undefined;
      const leafIndex = post ? post.leaves.indexOf(seed.commitment) : -1;
      return {
        serverSeed: seed.server_seed,
        commitment: seed.commitment,
        clientSeed: seed.client_seed ?? '',
        fromNonce: 0,
        toNonce: seed.next_nonce - 1,
        postedDay: post?.day ?? null,
        postedInBlock: post?.blockNum ?? null,
        postTransactionId: post?.transactionId ?? null,
        merkleRoot: post?.root ?? null,
        merkleProof: post && leafIndex >= 0 ? merkleProof(post.leaves, leafIndex) : null,
        revealedAt: seed.revealed_at!.toISOString(),
        rolls: rollsOf.get(seed.id)!.sort((a, b) => a.nonce - b.nonce),
      };
    });
  }

  /** The posts a node has in a block, with their leaves (the post's commitments in id order). */
  private async posts(manager: EntityManager, ids: number[]): Promise<Map<number, PostedRoot>> {
    const found = new Map<number, PostedRoot>();
    for (const id of new Set(ids)) {
      const post = await firstRow(
        manager,
        db
          .selectFrom('fairness_posts')
          .select(['root', 'block_num', 'transaction_id', sql<string>`day::text`.as('day')])
          .where('id', '=', id)
          .where('block_num', 'is not', null),
      );
      if (!post) continue;
      const leaves = await rows(manager, db.selectFrom('fair_seeds').select('commitment').where('post_id', '=', id).orderBy('id'));
      const commitments = leaves.map((leaf) => leaf.commitment);
      // A root that does not match its leaves would make every proof false: it is not offered.
      if (merkleRoot(commitments) !== post.root) continue;
      found.set(id, {
        day: post.day,
        root: post.root,
        blockNum: post.block_num!,
        transactionId: post.transaction_id!,
        leaves: commitments,
      });
    }
    return found;
  }
}

interface PostedRoot {
  day: string;
  root: string;
  blockNum: number;
  transactionId: string;
  leaves: string[];
}

function currentDto(row: CurrentSeedRow): CurrentSeedDto {
  return { commitment: row.commitment, clientSeed: row.client_seed, nonce: row.next_nonce, nextCommitment: row.next_commitment };
}
