import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  ChainQuestId,
  DAILY_QUESTS,
  gameDay,
  gameDayKey,
  QUEST_CHAIN,
  QuestCounts,
  QuestId,
  QuestStanding,
  questStandings,
  streakDays,
} from '@runik/rules';
import { QUEST_TITLES } from '@runik/contract';
import { PreparedQuery, preparedSql, rows } from '../core/database/sql';
import { Notifier } from '../notifications/notifier';

/** The period a chain quest's row is kept under; a daily quest's is its game day (gameDayKey). */
export const CHAIN_PERIOD = 'chain';

/** A quest's stored completion: when it was first seen complete, and claimed. */
export interface QuestCompletion {
  completedAt: Date;
  claimedAt: Date | null;
}

/** Every quest as it stands now, with its stored completion (null until it is complete). */
export interface QuestsNow {
  day: string;
  /** Game days played in a row (`streakDays`), today once a daily quest of it is complete. */
  streakDays: number;
  standings: (QuestStanding & { period: string; completion: QuestCompletion | null })[];
}

/**
 * Each count read from what the game records of the real action, so the claim never counts and a
 * quest is ticked however the player acted (this device, another one, the API):
 * - harvest: the day's harvests (the ledger's `harvest` postings);
 * - train-troops: the day's batches paid for (`train-*` postings);
 * - fight: the day's battles as attacker, practice raids and citadel hits;
 * - city-hall-5: the City Hall's level; win-raid: a battle won as attacker; first-gear: a gear owned;
 *   join-alliance: a member of an alliance; upgrade-gear: a gear upgraded at the blacksmith; hit-boss: a
 *   citadel hit; throne-troops: troops sent to a throne rally or garrison.
 * The game days on which a daily quest was completed, back to the streak's reach, come along in the same round
 * trip (`observe` runs in every counted action's transaction): the streak and the daily rewards read them.
 */
const COUNTS = `
  SELECT
    (SELECT count(DISTINCT e.posting_id) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.player_id = c.player_id AND e.reason = 'harvest' AND e.created_at >= $2)::int AS "harvest",
    (SELECT count(DISTINCT e.posting_id) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.player_id = c.player_id AND e.reason LIKE 'train-%' AND e.created_at >= $2)::int AS "train-troops",
    ((SELECT count(*) FROM battles b WHERE b.attacker_id = c.player_id AND b.fought_at >= $2)
      + (SELECT count(*) FROM practice_raids r WHERE r.player_id = c.player_id AND r.fought_at >= $2)
      + (SELECT count(*) FROM citadel_attacks h WHERE h.player_id = c.player_id AND h.fought_at >= $2))::int AS "fight",
    c.ch_level AS "city-hall-5",
    EXISTS (SELECT 1 FROM battles b WHERE b.attacker_id = c.player_id AND b.outcome ->> 'winner' = 'attacker')::int AS "win-raid",
    EXISTS (SELECT 1 FROM gears g WHERE g.owner_id = c.player_id)::int AS "first-gear",
    EXISTS (SELECT 1 FROM alliance_members m WHERE m.player_id = c.player_id)::int AS "join-alliance",
    EXISTS (SELECT 1 FROM gear_upgrades u WHERE u.player_id = c.player_id)::int AS "upgrade-gear",
    EXISTS (SELECT 1 FROM citadel_attacks h WHERE h.player_id = c.player_id)::int AS "hit-boss",
    (EXISTS (SELECT 1 FROM throne_rally_troops t WHERE t.player_id = c.player_id)
      OR EXISTS (SELECT 1 FROM throne_garrison g WHERE g.player_id = c.player_id))::int AS "throne-troops",
    ARRAY(SELECT DISTINCT q.period FROM quest_completions q
           WHERE q.player_id = c.player_id AND q.period <> '${CHAIN_PERIOD}' AND q.period <= $3
             AND q.period > to_char($3::date - $4::int, 'YYYY-MM-DD')) AS "playedDays"
  FROM cities c WHERE c.player_id = $1`;

/** How far back a streak is read: longer runs pay no more (`STREAK_BONUS_MAX_PERCENT`), but are shown as they are. */
const STREAK_DAYS_READ = 366;

const countsStatement = preparedSql<QuestCounts & { playedDays: string[] }>(COUNTS);

/** The counts' statement for a player at `now`. */
export function questCounts(playerId: number, now: Date): PreparedQuery<QuestCounts & { playedDays: string[] }> {
  return countsStatement(playerId, gameDay(now.getTime()).start, gameDayKey(now.getTime()), STREAK_DAYS_READ);
}

/**
 * Quest progress (docs/quests.md): counted from the game's records, and each completion stored once
 * with a notification. Every action a quest counts calls `observe` in its own transaction, so the
 * notification exists exactly when the action does; reading the quests observes too (a level or a
 * gear reached by a path that does not call it).
 */
@Injectable()
export class QuestProgress {
  constructor(private readonly notifier: Notifier) {}

  /** Reads every quest, stores the completions not stored yet and notifies the player of them. */
  async observe(manager: EntityManager, playerId: number, now: Date): Promise<QuestsNow> {
    const day = gameDayKey(now.getTime());
    const [counts] = await rows(manager, questCounts(playerId, now));
    if (!counts) return { day, streakDays: 0, standings: [] };
    const completions = await completionsOf(manager, playerId, day);
    const claimedChain = new Set(
      QUEST_CHAIN.map((quest) => quest.id).filter((id: ChainQuestId) => completions.get(`${CHAIN_PERIOD}:${id}`)?.claimedAt),
    );
    const playedDays = new Set(counts.playedDays);
    // Today counts as played as soon as one of its daily quests is complete, stored or about to be.
    if (DAILY_QUESTS.some((quest) => counts[quest.id] >= quest.goal)) playedDays.add(day);
    const streak = streakDays(playedDays, day);
    const standings = questStandings(counts, claimedChain, { chLevel: counts['city-hall-5'], streakDays: streak }).map((standing) => {
      const period = standing.daily ? day : CHAIN_PERIOD;
      return { ...standing, period, completion: completions.get(`${period}:${standing.id}`) ?? null };
    });
    const newlyComplete = standings.filter((standing) => standing.complete && !standing.completion);
    if (newlyComplete.length === 0) return { day, streakDays: streak, standings };
    const inserted: { quest_id: QuestId; period: string }[] = await manager.query(
      `INSERT INTO quest_completions (player_id, quest_id, period, completed_at)
       SELECT $1, quest_id, period, $4 FROM unnest($2::text[], $3::text[]) AS q (quest_id, period)
       ON CONFLICT DO NOTHING RETURNING quest_id, period`,
      [playerId, newlyComplete.map((standing) => standing.id), newlyComplete.map((standing) => standing.period), now],
    );
    for (const { quest_id, period } of inserted) {
      await this.notifier.notify(manager, playerId, 'quest-completed', `quest:${period}:${quest_id}`, {
        questId: quest_id,
        title: QUEST_TITLES[quest_id],
        daily: period !== CHAIN_PERIOD,
      });
    }
    const stored = await completionsOf(manager, playerId, day);
    return {
      day,
      streakDays: streak,
      standings: standings.map((standing) => ({ ...standing, completion: stored.get(`${standing.period}:${standing.id}`) ?? null })),
    };
  }
}

async function completionsOf(manager: EntityManager, playerId: number, day: string): Promise<Map<string, QuestCompletion>> {
  const stored = await rows(manager, completionsStatement(playerId, day, CHAIN_PERIOD));
  return new Map(stored.map((row) => [`${row.period}:${row.quest_id}`, { completedAt: row.completed_at, claimedAt: row.claimed_at }]));
}
const completionsStatement = preparedSql<{ quest_id: string; period: string; completed_at: Date; claimed_at: Date | null }>(
  `SELECT quest_id, period, completed_at, claimed_at FROM quest_completions WHERE player_id = $1 AND period IN ($2, $3)`,
);
