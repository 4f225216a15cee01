import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, type AttackBattleReport, type AttackResult } from '@runik/contract';
import { installFakeApi } from '../../testing/fake-api';
import { setReducedMotion } from '../../testing/reduced-motion';
import { renderWithProviders } from '../../testing/render';
import { CLASH_MS, LOOT_MS } from '../../shared/battle/battle-playback';
import { VERDICT } from './attack-fixtures';
import { BattleResultModal } from './BattleResultModal';

const RESULT: AttackResult = {
  battleId: 12,
  winner: 'attacker',
  attacker: { name: 'alice', dead: { infantry: 400, archers: 10, cavalry: 0 }, injured: { infantry: 200, archers: 5, cavalry: 1 } },
  defender: { name: 'bob', dead: { infantry: 90, archers: 30, cavalry: 3 }, injured: { infantry: 60, archers: 0, cavalry: 2 } },
  loot: { wheat: 1234.567, lumber: 24, stone: 0, ore: 3.75 },
  lootLost: { wheat: 308.641, lumber: 6, stone: 0, ore: 0.937 },
  verdict: VERDICT,
};

const none = { infantry: 0, archers: 0, cavalries: 0 };

/** The stored battle behind RESULT: the armies that went in. */
const STORED: AttackBattleReport = {
  kind: 'attack',
  id: 12,
  foughtAt: '2026-05-01T11:30:00.000Z',
  winner: 'attacker',
  attacker: {
    power: 20,
    fighters: [
      {
        hiveUsername: 'alice',
        army: { infantry: 1200, archers: 50, cavalries: 10 },
        boosts: none,
        dead: { infantry: 400, archers: 10, cavalries: 0 },
        injured: { infantry: 200, archers: 5, cavalries: 1 },
      },
    ],
  },
  defender: {
    power: 3,
    fighters: [
      {
        hiveUsername: 'bob',
        army: { infantry: 300, archers: 40, cavalries: 5 },
        boosts: none,
        dead: { infantry: 90, archers: 30, cavalries: 3 },
        injured: { infantry: 60, archers: 0, cavalries: 2 },
      },
    ],
  },
  seed: 1,
  rolls: {
    attackerLuck: 1,
    defenderLuck: 1,
    attackerLosses: { infantry: 0, archers: 0, cavalries: 0 },
    defenderLosses: { infantry: 0, archers: 0, cavalries: 0 },
  },
  defenderPending: { wheat: 5000, lumber: 100, stone: 0, ore: 20 },
  lootPercent: 100,
  lootLostPercent: 20,
  loot: RESULT.loot,
  lootLost: RESULT.lootLost,
  verdict: RESULT.verdict,
};

function showResult() {
  installFakeApi().on('GET', ApiRoutes.battleReport('attack', 12), { status: 200, data: STORED });
  renderWithProviders(<BattleResultModal result={RESULT} onClose={() => undefined} />);
  return screen.getByRole('dialog', { name: 'Battle Result' });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const cell = (dialog: HTMLElement, testId: string) => within(dialog).getByTestId(testId);

/** Every number of the result as it must end: the stored losses, what was left, and the loot. */
function expectStoredNumbers(dialog: HTMLElement) {
  expect(cell(dialog, 'result-attacker-dead-infantry')).toHaveTextContent(/^400$/);
  expect(cell(dialog, 'result-attacker-injured-infantry')).toHaveTextContent(/^200$/);
  expect(cell(dialog, 'result-attacker-left-infantry')).toHaveTextContent(/^600$/);
  expect(cell(dialog, 'result-attacker-left-archers')).toHaveTextContent(/^35$/);
  expect(cell(dialog, 'result-defender-dead-archers')).toHaveTextContent(/^30$/);
  expect(cell(dialog, 'result-defender-left-cavalry')).toHaveTextContent(/^0$/);
  expect(cell(dialog, 'result-loot-wheat')).toHaveTextContent(/^1,234\.56$/);
  expect(cell(dialog, 'result-loot-ore')).toHaveTextContent(/^3\.75$/);
  expect(cell(dialog, 'result-loot-lost-wheat')).toHaveTextContent(/^308\.64$/);
  expect(within(dialog).getByRole('progressbar', { name: 'Attacker troops standing' })).toHaveAttribute(
    'aria-valuenow',
    String(1260 - 616),
  );
  expect(within(dialog).getByTestId('battle-playback')).toHaveAttribute('data-state', 'ended');
  expect(within(dialog).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
}

describe('Battle result', () => {
  it('plays the clash: the losses fall from the armies that went in, then the loot comes home, ending on the stored numbers', async () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    const dialog = showResult();
    expect(within(dialog).getByTestId('battle-playback')).toHaveAttribute('data-state', 'playing');
    expect(cell(dialog, 'result-attacker-dead-infantry')).toHaveTextContent(/^0$/);
    expect(cell(dialog, 'result-loot-wheat')).toHaveTextContent(/^0\.00$/);

    await advance(CLASH_MS / 2);
    const dead = Number(cell(dialog, 'result-attacker-dead-infantry').textContent);
    expect(dead).toBeGreaterThan(0);
    expect(dead).toBeLessThan(400);
    // What stands and what fell always add up to the army that went in.
    expect(
      Number(cell(dialog, 'result-attacker-left-infantry').textContent) +
        dead +
        Number(cell(dialog, 'result-attacker-injured-infantry').textContent),
    ).toBe(1200);
    expect(cell(dialog, 'result-loot-wheat')).toHaveTextContent(/^0\.00$/);

    await advance(CLASH_MS / 2 + LOOT_MS / 2);
    expect(cell(dialog, 'result-attacker-dead-infantry')).toHaveTextContent(/^400$/);
    expect(cell(dialog, 'result-loot-wheat')).not.toHaveTextContent(/^(0\.00|1,234\.56)$/);

    await advance(LOOT_MS);
    expectStoredNumbers(dialog);
  });

  it('ends on the stored numbers at once on Skip', async () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    const dialog = showResult();
    await advance(100);
    act(() => within(dialog).getByRole('button', { name: 'Skip' }).click());
    expectStoredNumbers(dialog);
  });

  it('shows the end at once with reduced motion', async () => {
    const dialog = showResult();
    await screen.findByRole('progressbar', { name: 'Defender troops standing' });
    expectStoredNumbers(dialog);
  });
});
