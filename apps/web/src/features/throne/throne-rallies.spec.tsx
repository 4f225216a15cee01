import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, ThroneMessages, type ThroneRally } from '@runik/contract';
import { answerConfirmation } from '../../testing/dialogs';
import {
  activeWar,
  commanderGear,
  occupier,
  openThrone,
  OTHER_ALLIANCE,
  OWN_ALLIANCE,
  participant,
  PLAYER,
  rally,
  STATUS_URL,
  troops,
} from './throne-fixtures';

const RALLY = 11;
const DETAILS_URL = ApiRoutes.throneRallyDetails(RALLY);
const BOB_DETAILS = { participants: [participant('bob', troops(100, 0, 10))] };

/** The battle with `rallies` gathering; alice's alliance's rally 11 is led by bob unless told otherwise. */
function openWithRallies(rallies: ThroneRally[] = [rally()], details: object = BOB_DETAILS) {
  return openThrone({
    throneWar: activeWar(occupier(), { activeAttacks: rallies }),
    routes: (api) =>
      api
        .on('GET', DETAILS_URL, { status: 200, data: details })
        .on('GET', ApiRoutes.attackGear('bob'), { status: 200, data: commanderGear('bob') }),
  });
}

const allianceRally = () => screen.findByTestId(`alliance-rally-${RALLY}`);
const dialog = () => screen.getByRole('dialog');

describe('Active Alliance Rallies', () => {
  it('shows the power of each participant boosted by their own gear', async () => {
    const { api } = await openThrone({
      throneWar: activeWar(occupier(), {
        activeAttacks: [rally({ rallyParticipants: [{ hiveUsername: 'bob' }, { hiveUsername: 'carol' }] })],
      }),
      routes: (fake) =>
        fake
          .on('GET', DETAILS_URL, {
            status: 200,
            data: { participants: [participant('bob', troops(100, 0, 10)), participant('carol', troops(0, 50, 0))] },
          })
          // bob's archer gear boosts nothing here: he sent no archers.
          .on('GET', ApiRoutes.attackGear('bob'), { status: 200, data: commanderGear('bob', { infantry: 50, archer: 20 }) })
          .on('GET', ApiRoutes.attackGear('carol'), { status: 404, data: { error: 'Player not found.' } }),
    });
    const row = await allianceRally();
    // bob: 100 × 0.01 × 1.5 + 10 × 0.036; carol has no gear: 50 × 0.021.
    await waitFor(() => expect(within(row).getByTestId('rally-11-power')).toHaveTextContent(/^Rally power: 2,910$/));
    expect(within(row).getByTestId('rally-11-participant-bob')).toHaveTextContent('bob 100 Infantry, 0 Archers, 10 Cavalry');
    expect(within(row).getByText('2 participants', { exact: false })).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.attackGear('carol'))).toHaveLength(1);
  });

  it('offers Disband to the rally creator, after confirmation', async () => {
    const { api } = await openWithRallies([rally({ rallyLeader: PLAYER, rallyParticipants: [{ hiveUsername: PLAYER }] })], {
      participants: [participant(PLAYER, troops(5))],
    });
    api.on('POST', ApiRoutes.throneRallyDisband, { status: 200, data: { success: true, message: 'ok' } });
    const row = await allianceRally();
    expect(within(row).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Disband' }));
    expect(await answerConfirmation(false)).toBe(ThroneMessages.confirmDisband);
    expect(api.callsTo(ApiRoutes.throneRallyDisband)).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Disband' }));
    await answerConfirmation(true);
    expect(await screen.findByTestId('throne-message')).toHaveTextContent(ThroneMessages.disbanded);
    expect(api.callsTo(ApiRoutes.throneRallyDisband).map((request) => request.body)).toEqual([{ hiveUsername: PLAYER, rallyId: RALLY }]);
    await waitFor(() => expect(api.callsTo(STATUS_URL)).toHaveLength(2));
  });

  it("shows 'Failed to disband rally' when the server gives no reason", async () => {
    const { api } = await openWithRallies([rally({ rallyLeader: PLAYER, rallyParticipants: [{ hiveUsername: PLAYER }] })]);
    api.on('POST', ApiRoutes.throneRallyDisband, { status: 500 });
    fireEvent.click(within(await allianceRally()).getByRole('button', { name: 'Disband' }));
    await answerConfirmation(true);
    expect(await screen.findByTestId('throne-message')).toHaveTextContent(/^Failed to disband rally$/);
  });

  it('offers Withdraw to the other participants', async () => {
    const { api } = await openWithRallies([rally({ rallyParticipants: [{ hiveUsername: 'bob' }, { hiveUsername: PLAYER }] })]);
    api.on('POST', ApiRoutes.throneRallyWithdraw, { status: 200, data: { success: true, message: 'ok' } });
    const row = await allianceRally();
    expect(within(row).queryByRole('button', { name: 'Disband' })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('throne-message')).toHaveTextContent(ThroneMessages.withdrew);
    expect(api.callsTo(ApiRoutes.throneRallyWithdraw).map((request) => request.body)).toEqual([{ hiveUsername: PLAYER, rallyId: RALLY }]);
  });

  it.each([
    ["the server's error", { status: 409, data: { error: ThroneMessages.rallyLaunched } }, ThroneMessages.rallyLaunched],
    ['the default text', { status: 500 }, ThroneMessages.withdrawFailed],
  ])('shows %s when a withdrawal fails', async (_case, response, text) => {
    const { api } = await openWithRallies([rally({ rallyParticipants: [{ hiveUsername: 'bob' }, { hiveUsername: PLAYER }] })]);
    api.on('POST', ApiRoutes.throneRallyWithdraw, response);
    fireEvent.click(within(await allianceRally()).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('throne-message')).toHaveTextContent(text);
  });

  it('offers Join to the others, in a modal showing the rally leader', async () => {
    const { api } = await openWithRallies();
    api.on('POST', ApiRoutes.throneRallyJoin, { status: 200, data: { success: true, message: 'ok' } });
    fireEvent.click(within(await allianceRally()).getByRole('button', { name: 'Join' }));
    expect(within(dialog()).getByRole('heading', { name: 'Join Rally' })).toBeInTheDocument();
    expect(within(dialog()).getByTestId('join-rally-leader')).toHaveTextContent(/^Leader: bob$/);
    expect(within(dialog()).getByRole('slider', { name: 'Archers' })).toHaveAttribute('max', '45');

    fireEvent.change(within(dialog()).getByRole('slider', { name: 'Archers' }), { target: { value: '20' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Join Rally' }));
    expect(await within(dialog()).findByText(ThroneMessages.joined)).toBeInTheDocument();
    expect(screen.getByTestId('throne-message')).toHaveTextContent(ThroneMessages.joined);
    expect(api.callsTo(ApiRoutes.throneRallyJoin).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, rallyId: RALLY, infantry: 0, archers: 20, cavalries: 0 },
    ]);
  });

  it("shows 'Failed to join rally' when the server gives no reason", async () => {
    const { api } = await openWithRallies();
    api.on('POST', ApiRoutes.throneRallyJoin, { status: 500 });
    fireEvent.click(within(await allianceRally()).getByRole('button', { name: 'Join' }));
    fireEvent.change(within(dialog()).getByRole('slider', { name: 'Infantry' }), { target: { value: '1' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Join Rally' }));
    expect(await screen.findByTestId('throne-message')).toHaveTextContent(/^Failed to join rally$/);
  });

  it('only logs a failure to load the details', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openThrone({
      throneWar: activeWar(occupier(), { activeAttacks: [rally()] }),
      routes: (api) => api.on('GET', DETAILS_URL, { status: 500 }),
    });
    await waitFor(() => expect(logged).toHaveBeenCalledWith(ThroneMessages.rallyDetailsFailed, expect.anything()));
    expect(within(await allianceRally()).getByText('Details unavailable.')).toBeInTheDocument();
    expect(screen.queryByTestId('throne-message')).not.toBeInTheDocument();
  });
});

describe('Incoming Rallies', () => {
  it("lists every gathering rally, and fetches details only for the player's own alliance", async () => {
    const theirs = rally({
      attackId: 12,
      attackerAllianceId: OTHER_ALLIANCE,
      attackerAllianceName: 'Iron Crown',
      rallyLeader: 'dave',
      rallyParticipants: [{ hiveUsername: 'dave' }],
    });
    const { api } = await openWithRallies([rally(), theirs]);
    const incoming = screen.getByRole('region', { name: 'Incoming Rallies' });
    expect(within(incoming).getByTestId('incoming-rally-11')).toHaveTextContent('Own Alliance');
    expect(within(within(incoming).getByTestId('incoming-rally-12')).getByTestId('rally-leader')).toHaveTextContent('dave');
    expect(within(within(incoming).getByTestId('incoming-rally-12')).getByRole('timer')).toHaveTextContent(/^0d 00h 0[45]m \d\ds$/);
    expect(screen.queryByTestId('alliance-rally-12')).not.toBeInTheDocument();
    await allianceRally();
    expect(api.callsTo(ApiRoutes.throneRallyDetails(12))).toEqual([]);
  });
});

describe('Garrison Details', () => {
  it('toggles the garrison participants and power for the alliance holding the throne', async () => {
    const { api } = await openThrone({ throneWar: activeWar(occupier({ allianceId: OWN_ALLIANCE })) });
    api
      .on('GET', ApiRoutes.throneGarrisonDetails, {
        status: 200,
        data: { participants: [participant(PLAYER, troops(200, 0, 0)), participant('bob', troops(0, 0, 100))] },
      })
      .on('GET', ApiRoutes.attackGear('bob'), { status: 200, data: commanderGear('bob', { cavalry: 10 }) });
    expect(api.callsTo(ApiRoutes.throneGarrisonDetails)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Show Garrison Details' }));
    // 200 × 0.01 + 100 × 0.036 × 1.1.
    expect(await screen.findByText(/^Garrison power: 5,960$/)).toBeInTheDocument();
    expect(screen.getByTestId('garrison-participant-bob')).toHaveTextContent('0 Infantry, 0 Archers, 100 Cavalry');

    fireEvent.click(screen.getByRole('button', { name: 'Hide Garrison Details' }));
    expect(screen.queryByTestId('garrison-participant-bob')).not.toBeInTheDocument();
  });
});
