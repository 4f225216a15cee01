import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, QuestMessages, type QuestDto, type QuestsResponse } from '@runik/contract';
import { installFakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { chainStep, QuestPanel, streakText } from './QuestPanel';

const PLAYER = 'alice';

function quest(id: QuestDto['id'], overrides: Partial<QuestDto> = {}): QuestDto {
  return { id, title: id, progress: 0, goal: 1, reward: { wheat: 60 }, completedAt: null, claimedAt: null, ...overrides };
}

function quests(overrides: Partial<QuestsResponse> = {}): QuestsResponse {
  return {
    daily: [
      quest('harvest', { title: 'Harvest your city', progress: 0, goal: 1, reward: { wheat: 100, lumber: 80 } }),
      quest('train-troops', { title: 'Train a batch of troops', progress: 1, completedAt: '2026-05-01T10:00:00.000Z' }),
      quest('fight', {
        title: 'Raid or hit the boss',
        progress: 1,
        completedAt: '2026-05-01T09:00:00.000Z',
        claimedAt: '2026-05-01T09:05:00.000Z',
      }),
    ],
    chain: [
      quest('city-hall-5', { title: 'Raise City Hall to level 5', progress: 3, goal: 5, reward: { runik: 10 } }),
      quest('win-raid', { title: 'Win a raid on another city', reward: { runik: 5 } }),
    ],
    dailyResetsAt: new Date(Date.now() + 3_600_000).toISOString(),
    streak: { days: 3, bonusPercent: 20 },
    ...overrides,
  };
}

function renderPanel() {
  return renderWithProviders(<QuestPanel username={PLAYER} />);
}

describe('Quest panel', () => {
  it("shows today's quests and the chain's next goal, each with its progress and reward; Claim only for a complete, unclaimed one", async () => {
    installFakeApi().on('GET', ApiRoutes.quests(PLAYER), { status: 200, data: quests() });
    renderPanel();
    const panel = await screen.findByTestId('quest-panel');
    expect(within(panel).getByRole('heading', { name: 'Quests' })).toBeInTheDocument();
    const harvest = within(panel).getByTestId('quest-harvest');
    expect(harvest).toHaveTextContent('Harvest your city');
    expect(harvest).toHaveTextContent('0 / 1');
    expect(within(harvest).getByTestId('quest-reward-harvest')).toHaveTextContent('Reward: 100.00 Wheat, 80.00 Lumber');
    expect(within(harvest).getByRole('button', { name: 'Claim' })).toBeDisabled();
    expect(within(within(panel).getByTestId('quest-train-troops')).getByRole('button', { name: 'Claim' })).toBeEnabled();
    expect(within(panel).getByTestId('quest-claimed-fight')).toHaveTextContent('Claimed');
    // The chain shows its next goal only.
    expect(within(panel).getByTestId('quest-city-hall-5')).toHaveTextContent('Reward: 10.00 RUNIK');
    expect(within(panel).queryByTestId('quest-win-raid')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('quest-chain-step')).toHaveTextContent(/^goal 1 of 2$/);
    expect(within(panel).getByTestId('quest-streak')).toHaveTextContent('3-day streak: rewards +20%');
  });

  it('says how to start a streak, what tomorrow adds, and what a run adds', () => {
    expect(streakText({ days: 0, bonusPercent: 0 })).toBe('finish a task to start a streak');
    expect(streakText({ days: 1, bonusPercent: 0 })).toBe('1-day streak: play tomorrow for +10%');
    expect(streakText({ days: 6, bonusPercent: 50 })).toBe('6-day streak: rewards +50%');
  });

  // Issue 45: "4 of 4 to go" beside the goal's "2 / 5" read as two progresses.
  it("names the chain's goal shown by its place, not a count to go beside the goal's own progress", async () => {
    const claimedAt = '2026-05-01T09:05:00.000Z';
    const chain = [
      quest('win-raid', { progress: 1, completedAt: claimedAt, claimedAt }),
      quest('city-hall-5', { title: 'Raise City Hall to level 5', progress: 2, goal: 5 }),
      quest('first-gear'),
      quest('join-alliance'),
    ];
    installFakeApi().on('GET', ApiRoutes.quests(PLAYER), { status: 200, data: quests({ chain }) });
    renderPanel();
    const panel = await screen.findByTestId('quest-panel');
    expect(within(panel).getByTestId('quest-chain-step')).toHaveTextContent(/^goal 2 of 4$/);
    expect(within(panel).getByTestId('quest-city-hall-5')).toHaveTextContent('2 / 5');
    expect(panel).not.toHaveTextContent('to go');
    expect(chainStep(chain.map((goal) => ({ ...goal, claimedAt })))).toBe('all 4 claimed');
  });

  it('claims with the quest id, shows the quests that come back, and says why a claim must wait', async () => {
    const listed = quests();
    listed.chain[0] = { ...listed.chain[0], progress: 5, completedAt: '2026-05-01T08:00:00.000Z' };
    const claimed = structuredClone(listed);
    claimed.daily[1] = { ...claimed.daily[1], claimedAt: '2026-05-01T11:00:00.000Z' };
    const api = installFakeApi()
      .on('GET', ApiRoutes.quests(PLAYER), { status: 200, data: listed })
      .on('POST', ApiRoutes.questClaim(PLAYER), (request) =>
        (request.body as { questId: string }).questId === 'train-troops'
          ? { status: 200, data: { ...claimed, claimed: claimed.daily[1] } }
          : { status: 429, data: { error: QuestMessages.rewardWaits.budget('05:00:00') } },
      );
    renderPanel();
    const train = await screen.findByTestId('quest-train-troops');
    fireEvent.click(within(train).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByTestId('quest-claimed-train-troops')).toHaveTextContent('Claimed');
    expect(api.callsTo(ApiRoutes.questClaim(PLAYER)).map((request) => request.body)).toEqual([{ questId: 'train-troops' }]);
    expect(await screen.findByText('Quest reward claimed: 60.00 Wheat.')).toBeInTheDocument();

    fireEvent.click(within(screen.getByTestId('quest-city-hall-5')).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByTestId('quest-error')).toHaveTextContent(QuestMessages.rewardWaits.budget('05:00:00'));
    expect(within(screen.getByTestId('quest-city-hall-5')).getByRole('button', { name: 'Claim' })).toBeEnabled();
  });
});
