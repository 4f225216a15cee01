import { fireEvent, screen, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, CitadelMessages } from '@runik/contract';
import { defeatedFloor, floorResponse, getUrls, LOCKED, openCitadel, progress, PROGRESS_URL } from './citadel-fixtures';

const floorTitle = () => screen.getByTestId('floor-title');

describe('floor navigation', () => {
  it('starts on the global current floor and moves with Previous floor / Next floor', async () => {
    const { api } = await openCitadel({ floors: { 2: defeatedFloor(2), 3: floorResponse(3) } });
    expect(floorTitle()).toHaveTextContent(/^Floor 3$/);
    expect(screen.getByRole('heading', { name: /^Floor 3 Boss/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Previous floor' }));
    expect(floorTitle()).toHaveTextContent(/^Floor 2$/);
    expect(await screen.findByRole('heading', { name: /^Floor 2 Boss/ })).toBeInTheDocument();
    expect(screen.getByTestId('floor-status')).toHaveTextContent('Defeated');

    fireEvent.click(screen.getByRole('button', { name: 'Next floor' }));
    expect(await screen.findByRole('heading', { name: /^Floor 3 Boss/ })).toBeInTheDocument();
    expect(screen.getByTestId('floor-status')).toHaveTextContent('Alive');
    expect(getUrls(api)).toEqual([PROGRESS_URL, ApiRoutes.citadelFloor(3), ApiRoutes.citadelFloor(2), ApiRoutes.citadelFloor(3)]);
  });

  it('has no Previous floor below floor 1', async () => {
    await openCitadel({ progress: progress({ globalCurrentFloor: 1 }), floors: { 1: floorResponse(1) } });
    expect(floorTitle()).toHaveTextContent('Floor 1');
    expect(screen.getByRole('button', { name: 'Previous floor' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next floor' })).toBeEnabled();
  });

  it('offers a way back to the current floor from a lower one', async () => {
    await openCitadel({ floors: { 2: defeatedFloor(2), 3: floorResponse(3) } });
    expect(screen.queryByRole('button', { name: /Current floor/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous floor' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Current floor (3)' }));
    expect(floorTitle()).toHaveTextContent(/^Floor 3$/);
  });

  it('shows Access Denied for a floor above the current one, with a way back', async () => {
    const { api } = await openCitadel({ floors: { 3: floorResponse(3), 4: LOCKED } });
    fireEvent.click(screen.getByRole('button', { name: 'Next floor' }));

    const denied = await screen.findByTestId('access-denied');
    expect(floorTitle()).toHaveTextContent(/^Floor 4$/);
    expect(within(denied).getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(within(denied).getByTestId('access-denied-message')).toHaveTextContent(CitadelMessages.floorLocked);
    // Nothing of a boss on a floor not reached.
    expect(screen.queryByRole('button', { name: 'Attack Boss' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('participants')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.citadelFloor(4))).toHaveLength(1);

    fireEvent.click(within(denied).getByRole('button', { name: 'Back to current floor' }));
    expect(floorTitle()).toHaveTextContent(/^Floor 3$/);
    expect(await screen.findByRole('button', { name: 'Attack Boss' })).toBeEnabled();
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
  });

  it('lets Next go on past a locked floor (each answers for itself)', async () => {
    const { api } = await openCitadel({ floors: { 3: floorResponse(3), 4: LOCKED, 5: LOCKED } });
    fireEvent.click(screen.getByRole('button', { name: 'Next floor' }));
    await screen.findByTestId('access-denied');
    fireEvent.click(screen.getByRole('button', { name: 'Next floor' }));
    expect(floorTitle()).toHaveTextContent('Floor 5');
    await screen.findByTestId('access-denied');
    expect(api.callsTo(ApiRoutes.citadelFloor(5))).toHaveLength(1);
  });

  it.each([
    [
      'a server message',
      { status: 500, data: { error: 'Boss table unavailable' } },
      `${CitadelMessages.failedFloor}: Boss table unavailable`,
    ],
    ['no server message', { status: 500 }, CitadelMessages.failedFloor],
  ])("shows 'Failed to fetch floor data' on a failure with %s", async (_case, response, message) => {
    await openCitadel({ floors: { 3: response } });
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
    // The rest of the page still works.
    expect(screen.getByTestId('global-floor')).toHaveTextContent('Floor 3');
    expect(screen.getByRole('button', { name: 'Previous floor' })).toBeEnabled();
  });

  it("shows 'Network error' when the floor got no answer, and the floor once Try again succeeds", async () => {
    const { api } = await openCitadel({ floors: { 3: () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)) } });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Network error$/);
    api.on('GET', ApiRoutes.citadelFloor(3), { status: 200, data: floorResponse(3) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Attack Boss' })).toBeInTheDocument();
  });
});

describe('the boss', () => {
  it.each([
    [1, 1],
    [3, 3],
    [12, 12],
    [13, 1],
    [26, 2],
  ])('floor %i shows boss image %i', async (floor, image) => {
    await openCitadel({ progress: progress({ globalCurrentFloor: floor }), floors: { [floor]: floorResponse(floor) } });
    const boss = screen.getByRole('img', { name: new RegExp(`^Boss ${image}: `) });
    expect(boss).toHaveAttribute('data-testid', `boss-image-${image}`);
    expect(boss).toHaveTextContent(String(image));
  });

  it('shows the health bar at healthPercentage, the hit points as currentHp / maxHp, and the reward', async () => {
    await openCitadel({ floors: { 3: floorResponse(3, { currentHp: 61.25, maxHp: 169, healthPercentage: 36.24, reward: 2.592 }) } });
    const bar = screen.getByRole('progressbar', { name: 'Boss health' });
    expect(bar).toHaveAttribute('aria-valuenow', '36.24');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar.firstElementChild).toHaveStyle({ width: '36.24%' });
    expect(screen.getByTestId('boss-hp')).toHaveTextContent(/^61,250 \/ 169,000$/);
    expect(screen.getByTestId('boss-health-percent')).toHaveTextContent(/^36\.24%$/);
    expect(screen.getByTestId('floor-reward')).toHaveTextContent(/^2\.592 RUNIK$/);
  });

  it('shows a defeated boss at 0 health', async () => {
    await openCitadel({ floors: { 2: defeatedFloor(2, { maxHp: 130 }), 3: floorResponse(3) } });
    fireEvent.click(screen.getByRole('button', { name: 'Previous floor' }));
    const bar = await screen.findByRole('progressbar', { name: 'Boss health' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('boss-hp')).toHaveTextContent(/^0 \/ 130,000$/);
    expect(screen.getByRole('img', { name: /^Boss 2: / })).toHaveClass('citadel-boss--defeated');
  });
});
