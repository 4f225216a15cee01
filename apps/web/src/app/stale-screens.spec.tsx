import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes, ApiRoutes } from '@runik/contract';
import { armyStats, enemiesPage } from '../features/attack/attack-fixtures';
import { DUE_GRACE_MS } from '../shared/due-refresh';
import { advance, cityResponse, openCity, PLAYER } from '../testing/city-fixtures';
import { currentLocation } from '../testing/render';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const TRAINING_S = 120;
const ARMY_URL = ApiRoutes.armyStats(PLAYER);

/** Issue 45: a screen that shows a timer's outcome learns it when the time comes, whichever screen read the timer. */
describe('a screen is never stale', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('the Attack screen, opened while a training runs, shows the trained army once it finishes, without a reload', async () => {
    const completionTime = new Date(NOW.getTime() + TRAINING_S * 1000).toISOString();
    const { api } = await openCity(cityResponse({ trainingQueue: { quarters: { completionTime, count: 4 } } }), { fakeTimers: true });
    api
      .on('GET', ARMY_URL, { status: 200, data: armyStats({ infantry: 0, archers: 0, cavalry: 0, armyCount: 0, armyPower: 0 }) })
      .on('GET', ApiRoutes.enemies(PLAYER, 1, 0), { status: 200, data: enemiesPage([]) });

    // The guide's step 4: to the Attack screen before the batch is done.
    await advance(98_000);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Attack' }));
    await advance(0);
    await advance(0);
    expect(currentLocation()).toBe(AppRoutes.attack);
    expect(screen.getByTestId('army-empty')).toBeInTheDocument();

    api.on('GET', ARMY_URL, { status: 200, data: armyStats({ infantry: 4, archers: 0, cavalry: 0, armyCount: 4 }) });
    // The City's "What's next" read the army too (its attack charges): the Attack screen's own read counts from here.
    const readsBefore = api.callsTo(ARMY_URL).length;
    // The server is asked a moment after the finish (its clock may be a little behind); its answer shows.
    await advance((TRAINING_S - 98) * 1000 + DUE_GRACE_MS);
    await advance(1);
    expect(api.callsTo(ARMY_URL)).toHaveLength(readsBefore + 1);
    expect(screen.getByTestId('army-infantry')).toHaveTextContent('4');
    expect(screen.queryByTestId('army-empty')).not.toBeInTheDocument();
  });
});
