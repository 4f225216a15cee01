import { DAILY_QUESTS, DailyQuestId, QUEST_CHAIN, ChainQuestId, streakDays } from '@runik/rules';

/**
 * A bot's quests (docs/quests.md), counted as the server counts them: the game day's harvests, trained
 * batches and fights (raids and citadel hits), and the chain's goals reached. The world claims what is
 * complete on each visit; a chain reward a paid bot's emission share cannot hold waits for a later day.
 */
export class QuestLog {
  private day = '';
  private counts = zeroCounts();
  private claimedToday = new Set<DailyQuestId>();
  /** The game days on which a daily quest was complete, for the streak (as the server reads `quest_completions`). */
  private readonly playedDays = new Set<string>();
  readonly claimedChain = new Set<ChainQuestId>();
  /** A raid won as attacker, ever (the chain's win-raid). */
  wonRaid = false;

  /** One more of a daily quest's action in the game day `day`. */
  note(quest: DailyQuestId, day: string): void {
    this.roll(day);
    this.counts[quest] += 1;
    if (this.counts[quest] >= DAILY_QUESTS.find((daily) => daily.id === quest)!.goal) this.playedDays.add(day);
  }

  /** Days played in a row up to `day` (`streakDays`, the server's rule). */
  streak(day: string): number {
    return streakDays(this.playedDays, day);
  }

  /** The daily quests complete and not claimed yet in `day`, marked claimed. */
  claimDaily(day: string): (typeof DAILY_QUESTS)[number][] {
    this.roll(day);
    const claimable = DAILY_QUESTS.filter((quest) => this.counts[quest.id] >= quest.goal && !this.claimedToday.has(quest.id));
    for (const quest of claimable) this.claimedToday.add(quest.id);
    return claimable;
  }

  /** The next chain quest to claim, in order; null once every one is claimed. */
  nextInChain(): (typeof QUEST_CHAIN)[number] | null {
    return QUEST_CHAIN.find((quest) => !this.claimedChain.has(quest.id)) ?? null;
  }

  private roll(day: string): void {
    if (day === this.day) return;
    this.day = day;
    this.counts = zeroCounts();
    this.claimedToday.clear();
  }
}

function zeroCounts(): Record<DailyQuestId, number> {
  return Object.fromEntries(DAILY_QUESTS.map((quest) => [quest.id, 0])) as Record<DailyQuestId, number>;
}
