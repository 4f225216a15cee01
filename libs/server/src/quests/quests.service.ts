import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EmissionLimit, formatCountdown, fromThousandths, gameDay, QuestId, QuestReward, streakBonusPercent } from '@runik/rules';
import { QUEST_TITLES, QuestMessages } from '@runik/contract';
import type { QuestClaimResponse, QuestDto, QuestRewardDto, QuestsResponse } from '@runik/contract';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { retryingTransaction } from '../core/database/transaction';
import { ApiError } from '../core/errors/api-error';
import { EmissionBudget, EmissionSpentError } from '../emission/emission-budget';
import { LedgerService } from '../ledger/ledger.service';
import { QuestProgress, QuestsNow } from './quest-progress';

type Standing = QuestsNow['standings'][number];

/**
 * Daily quests and the quest chain (docs/quests.md). A claim runs under the player's city lock and
 * marks the stored completion claimed in one conditional UPDATE, so however many race it pays once.
 * Resources are minted through the ledger; RUNIK, for a paid player, draws from the day's emission
 * budget first, and when the budget (or the player's share) is spent the claim waits, unclaimed.
 */
@Injectable()
export class QuestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly progress: QuestProgress,
    private readonly emission: EmissionBudget,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  quests(playerId: number): Promise<QuestsResponse> {
    const now = this.clock.now();
    return retryingTransaction(this.dataSource, async (manager) => questsDto(await this.progress.observe(manager, playerId, now), now));
  }

  claim(playerId: number, questId: QuestId): Promise<QuestClaimResponse> {
    return this.cities.run(playerId, async ({ manager, now }) => {
      const before = await this.progress.observe(manager, playerId, now);
      const quest = before.standings.find((standing) => standing.id === questId)!;
      if (!quest.completion) throw ApiError.conflict(QuestMessages.notComplete);
      if (quest.completion.claimedAt) throw ApiError.conflict(QuestMessages.alreadyClaimed);
      if (quest.waitsFor) throw ApiError.conflict(QuestMessages.claimChainInOrder(QUEST_TITLES[quest.waitsFor]));
      // The row's lock orders racing claims (and the city's lock already did): the first marks it, the others find it marked.
      const [[claimed]]: [{ quest_id: string }[], number] = await manager.query(
        `UPDATE quest_completions SET claimed_at = $4 WHERE player_id = $1 AND quest_id = $2 AND period = $3 AND claimed_at IS NULL RETURNING quest_id`,
        [playerId, questId, quest.period, now],
      );
      if (!claimed) throw ApiError.conflict(QuestMessages.alreadyClaimed);
      await this.pay(manager, playerId, quest, now);
      const after = questsDto(await this.progress.observe(manager, playerId, now), now);
      return { ...after, claimed: [...after.daily, ...after.chain].find((dto) => dto.id === questId)! };
    });
  }

  /**
   * The reward in one posting. A paid player's RUNIK is drawn from the emission budget before it (as
   * every mint is); a free player's is locked, spendable in the game and never withdrawable, since no
   * budget backs it (an activation releases nothing of it).
   */
  private async pay(manager: EntityManager, playerId: number, quest: Standing, now: Date): Promise<void> {
    const runik = quest.reward.runik ?? 0;
    const [player]: { activation: string }[] = await manager.query(`SELECT activation FROM players WHERE id = $1`, [playerId]);
    const paid = player?.activation === 'paid';
    if (runik > 0 && paid) {
      await this.emission.draw(manager, playerId, runik, 'exact').catch((error: unknown) => {
        throw error instanceof EmissionSpentError ? rewardWaits(error.limitedBy, now) : error;
      });
    }
    // Two reasons, one kind each: a paid player's reward drew from the budget, a free player's is locked.
    await this.cities.mint(
      manager,
      playerId,
      quest.reward,
      paid ? 'quest-reward' : 'quest-reward-locked',
      `quest:${playerId}:${quest.period}:${quest.id}`,
    );
    if (!paid) await this.ledger.lockRunik(manager, playerId, runik);
  }
}

/** 429: the emission budget holds a RUNIK reward back; the claim is left unclaimed until the next game day. */
function rewardWaits(limitedBy: EmissionLimit, now: Date): ApiError {
  const day = gameDay(now.getTime());
  const countdown = formatCountdown(day.end.getTime() - now.getTime());
  return new ApiError(HttpStatus.TOO_MANY_REQUESTS, QuestMessages.rewardWaits[limitedBy](countdown), {
    limitedBy,
    resetsAt: day.end.toISOString(),
  });
}

function questsDto({ standings, streakDays }: QuestsNow, now: Date): QuestsResponse {
  const dto = (standing: Standing): QuestDto => ({
    id: standing.id,
    title: QUEST_TITLES[standing.id],
    progress: standing.progress,
    goal: standing.goal,
    reward: rewardDto(standing.reward),
    completedAt: standing.completion?.completedAt.toISOString() ?? null,
    claimedAt: standing.completion?.claimedAt?.toISOString() ?? null,
  });
  return {
    daily: standings.filter((standing) => standing.daily).map(dto),
    chain: standings.filter((standing) => !standing.daily).map(dto),
    dailyResetsAt: gameDay(now.getTime()).end.toISOString(),
    streak: { days: streakDays, bonusPercent: streakBonusPercent(streakDays) },
  };
}

function rewardDto(reward: QuestReward): QuestRewardDto {
  return Object.fromEntries(Object.entries(reward).map(([asset, amount]) => [asset, fromThousandths(amount)]));
}
