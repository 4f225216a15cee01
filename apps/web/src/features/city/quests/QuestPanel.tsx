import type { QuestDto, QuestRewardDto, QuestsResponse } from '@runik/contract';
import { formatCountdown, RESOURCE_KEYS, STREAK_BONUS_PERCENT_PER_DAY } from '@runik/rules';
import { resourceLabel, formatAmount } from '../../../shared/format';
import { apiErrorMessage } from '../../../api/http-client';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { Countdown } from '../../../ui/Countdown';
import { Message } from '../../../ui/Message';
import { ProgressBar } from '../../../ui/ProgressBar';
import { useShowToast } from '../../../ui/Toasts';
import { useClaimQuest, useQuests } from './quests-api';
import './quests.css';

/** A reward as one line: "100 Wheat, 80 Lumber" or "10 RUNIK". */
export function formatReward(reward: QuestRewardDto): string {
  const parts = RESOURCE_KEYS.filter((key) => reward[key]).map((key) => `${formatAmount(reward[key]!)} ${resourceLabel(key)}`);
  if (reward.runik) parts.unshift(`${formatAmount(reward.runik)} RUNIK`);
  return parts.join(', ');
}

/**
 * Where the player stands in the chain: "goal 2 of 4" (the goal shown, counted from the first), or "all 4 claimed".
 * Not "N of M to go", which read as a second progress beside the goal's own "2 / 5" (issue 45).
 */
export function chainStep(chain: readonly QuestDto[]): string {
  const next = chain.findIndex((quest) => quest.claimedAt === null);
  return next === -1 ? `all ${chain.length} claimed` : `goal ${next + 1} of ${chain.length}`;
}

/** The streak in a few words: days played in a row and what they add, or how to start one. */
export function streakText({ days, bonusPercent }: QuestsResponse['streak']): string {
  if (days === 0) return 'finish a task to start a streak';
  const run = `${days}-day streak`;
  return bonusPercent > 0 ? `${run}: rewards +${bonusPercent}%` : `${run}: play tomorrow for +${STREAK_BONUS_PERCENT_PER_DAY}%`;
}

/**
 * Daily quests and the quest chain on the city screen (issue 36): each with its progress, counted by
 * the server from the real actions, its reward, and Claim once it is complete.
 */
export function QuestPanel({ username }: { username: string }) {
  const quests = useQuests(username);
  const claim = useClaimQuest(username);
  const showToast = useShowToast();
  if (!quests.data) return null;
  const { daily, chain, dailyResetsAt, streak } = quests.data;
  // The chain shows its next goal to claim; the claimed ones are counted.
  const nextInChain = chain.find((quest) => quest.claimedAt === null);
  const onClaim = (quest: QuestDto) =>
    claim.mutate(quest.id, { onSuccess: () => showToast(`Quest reward claimed: ${formatReward(quest.reward)}.`) });
  const row = (quest: QuestDto) => (
    <QuestRow key={quest.id} quest={quest} claiming={claim.isPending && claim.variables === quest.id} onClaim={() => onClaim(quest)} />
  );
  return (
    <Card title="Quests" titleId="city-quests-title" className="quest-panel" testId="quest-panel">
      {claim.isError && (
        <div data-testid="quest-error">
          <Message tone="error">{apiErrorMessage(claim.error)}</Message>
        </div>
      )}
      <h3 className="quest-panel__group">
        Today{' '}
        <span className="city-muted">
          new tasks in <Countdown to={Date.parse(dailyResetsAt)} format={formatCountdown} testId="quests-reset" />
        </span>{' '}
        <span className="city-muted" data-testid="quest-streak">
          · {streakText(streak)}
        </span>
      </h3>
      <ul className="quest-panel__list" aria-label="Daily quests">
        {daily.map(row)}
      </ul>
      <h3 className="quest-panel__group">
        Quest chain{' '}
        <span className="city-muted" data-testid="quest-chain-step">
          {chainStep(chain)}
        </span>
      </h3>
      {nextInChain ? (
        <ul className="quest-panel__list" aria-label="Quest chain">
          {row(nextInChain)}
        </ul>
      ) : (
        <p className="city-muted" data-testid="quest-chain-done">
          Every goal of the chain is claimed.
        </p>
      )}
    </Card>
  );
}

function QuestRow({ quest, claiming, onClaim }: { quest: QuestDto; claiming: boolean; onClaim: () => void }) {
  const claimable = quest.completedAt !== null && quest.claimedAt === null;
  return (
    <li className="quest" data-testid={`quest-${quest.id}`}>
      <div className="quest__text">
        <span className="quest__title">{quest.title}</span>
        <span className="quest__reward" data-testid={`quest-reward-${quest.id}`}>
          Reward: {formatReward(quest.reward)}
        </span>
      </div>
      <ProgressBar value={quest.progress} max={quest.goal} label={quest.title} valueText={`${quest.progress} of ${quest.goal}`}>
        {quest.progress} / {quest.goal}
      </ProgressBar>
      {quest.claimedAt !== null ? (
        <Badge tone="success" testId={`quest-claimed-${quest.id}`}>
          Claimed
        </Badge>
      ) : (
        <button
          type="button"
          className="button button--primary quest__claim"
          disabled={!claimable || claiming}
          aria-busy={claiming}
          onClick={onClaim}
        >
          Claim
        </button>
      )}
    </li>
  );
}
