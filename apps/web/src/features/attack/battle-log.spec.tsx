import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, type BattleLogEntry, type BattleLogsResponse } from '@runik/contract';
import { never, type Responder } from '../../testing/fake-api';
import { openAttack, PLAYER } from './attack-fixtures';

const LOGS_URL = ApiRoutes.battleLogs(PLAYER);

const WON: BattleLogEntry = {
  battleId: 7,
  seed: 3_141_592_653,
  attacker: PLAYER,
  defender: 'bob',
  winner: 'attacker',
  timestamp: '2026-05-01T11:30:00.000Z',
  loot: { wheat: 45.136, lumber: 24, stone: 0, ore: 3.75 },
  attackerCasualties: { infantry: 4, archers: 1, cavalry: 0 },
  defenderCasualties: { infantry: 8, archers: 3, cavalry: 1 },
  attackerInjured: { infantry: 6, archers: 2, cavalry: 1 },
  defenderInjured: { infantry: 12, archers: 5, cavalry: 0 },
};

const LOST: BattleLogEntry = {
  ...WON,
  battleId: 6,
  seed: 42,
  attacker: 'carol',
  defender: PLAYER,
  winner: 'attacker',
  timestamp: '2026-04-30T09:00:00.000Z',
  loot: { wheat: 10, lumber: 0, stone: 0, ore: 0 },
};

async function openLog(response: BattleLogsResponse | Responder) {
  const opened = await openAttack();
  opened.api.on('GET', LOGS_URL, typeof response === 'function' || 'status' in response ? response : { status: 200, data: response });
  await opened.user.click(screen.getByRole('button', { name: 'Battle Log' }));
  return { ...opened, dialog: screen.getByRole('dialog', { name: 'Battle Log' }) };
}

describe('Battle Log popup', () => {
  it('lists each battle: sides, winner, time, both sides dead and injured, loot and the seed', async () => {
    const { dialog, api } = await openLog({ logs: [WON, LOST] });
    const won = await within(dialog).findByTestId('battle-7');
    expect(api.callsTo(LOGS_URL)).toHaveLength(1);

    expect(within(won).getByTestId('log-sides')).toHaveTextContent(`${PLAYER} vs bob`);
    expect(within(won).getByTestId('log-winner')).toHaveTextContent(`Winner: ${PLAYER}`);
    expect(within(won).getByTestId('log-time')).toHaveTextContent(new Date(WON.timestamp).toLocaleString());
    expect(within(won).getByTestId('log-time')).toHaveAttribute('datetime', WON.timestamp);
    expect(within(won).getByTestId('log-attacker-dead-infantry')).toHaveTextContent('4');
    expect(within(won).getByTestId('log-attacker-injured-infantry')).toHaveTextContent('6');
    expect(within(won).getByTestId('log-defender-dead-archers')).toHaveTextContent('3');
    expect(within(won).getByTestId('log-defender-injured-infantry')).toHaveTextContent('12');
    expect(within(won).getByTestId('log-loot-wheat')).toHaveTextContent(/^45\.13$/);
    expect(within(won).getByTestId('log-loot-ore')).toHaveTextContent(/^3\.75$/);
    expect(within(won).getByTestId('log-seed')).toHaveTextContent(/^3141592653$/);
    expect(within(won).getByRole('link', { name: 'Full report' })).toHaveAttribute('href', '/battles/attack/7');

    const lost = within(dialog).getByTestId('battle-6');
    expect(within(lost).getByTestId('log-sides')).toHaveTextContent(`carol vs ${PLAYER}`);
    expect(within(lost).getByTestId('log-winner')).toHaveTextContent('Winner: carol');
    expect(within(lost).getByTestId('log-seed')).toHaveTextContent('42');
    // Newest first, as the server sends them.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.dataset.testid),
    ).toEqual(['battle-7', 'battle-6']);
  });

  it('says when there is no battle yet', async () => {
    const { dialog } = await openLog({ logs: [] });
    expect(await within(dialog).findByText('No battles yet.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch battle logs: {message}' with the server's message", async () => {
    const { dialog } = await openLog({ status: 500, data: { error: 'Database unavailable' } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to fetch battle logs: Database unavailable$/);
  });

  it('closes, and fetches again (showing loading) each time it opens', async () => {
    const { dialog, api, user } = await openLog({ logs: [WON] });
    await within(dialog).findByTestId('battle-7');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    api.on('GET', LOGS_URL, never);
    await user.click(screen.getByRole('button', { name: 'Battle Log' }));
    expect(within(screen.getByRole('dialog', { name: 'Battle Log' })).getByText('Loading battle logs...')).toBeInTheDocument();
    expect(api.callsTo(LOGS_URL)).toHaveLength(2);
  });
});
