import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, ThroneMessages } from '@runik/contract';
import { advance } from '../../testing/city-fixtures';
import {
  activeWar,
  commanderGear,
  occupier,
  openThrone,
  OWN_ALLIANCE,
  participant,
  PLAYER,
  profile,
  STATUS_URL,
  troops,
  TROOPS_URL,
  war,
} from './throne-fixtures';

const button = (name: string) => screen.queryByRole('button', { name });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const dialog = () => screen.getByRole('dialog');
const slider = (name: string) => within(dialog()).getByRole('slider', { name }) as HTMLInputElement;
const setSlider = (name: string, value: string) => fireEvent.change(slider(name), { target: { value } });
const ownThrone = () => activeWar(occupier({ allianceId: OWN_ALLIANCE, allianceName: 'Own Alliance', allianceTag: 'OWN' }));

describe('the action buttons by role', () => {
  it('offer Solo Attack and Create Rally to an alliance that does not hold the throne', async () => {
    await openThrone({ throneWar: activeWar() });
    expect(button('Solo Attack')).toBeInTheDocument();
    expect(button('Create Rally')).toBeInTheDocument();
    expect(button('Garrison Troops')).not.toBeInTheDocument();
    expect(button('Recall Troops')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Garrison Details' })).not.toBeInTheDocument();
  });

  it('offer Garrison Troops, Recall Troops and Garrison Details to the alliance holding the throne', async () => {
    await openThrone({ throneWar: ownThrone() });
    expect(button('Garrison Troops')).toBeInTheDocument();
    expect(button('Recall Troops')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Garrison Details' })).toBeInTheDocument();
    expect(button('Solo Attack')).not.toBeInTheDocument();
    expect(button('Create Rally')).not.toBeInTheDocument();
  });

  it('offer every alliance an attack on an unclaimed throne', async () => {
    await openThrone({ throneWar: activeWar(null) });
    expect(button('Solo Attack')).toBeInTheDocument();
    expect(button('Create Rally')).toBeInTheDocument();
  });

  it('ask a player without an alliance to join one first', async () => {
    await openThrone({ throneWar: activeWar(), user: profile({ allianceId: null, allianceName: null, allianceTag: null }) });
    expect(screen.getByTestId('fight-hint')).toHaveTextContent(ThroneMessages.needsAlliance);
    expect(button('Solo Attack')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Active Alliance Rallies' })).not.toBeInTheDocument();
  });

  it.each([
    ['before the battle', war({ status: 'waiting' })],
    ['once full control is achieved', activeWar(occupier({ fullControlMet: true }))],
  ])('are not offered %s', async (_when, throneWar) => {
    await openThrone({ throneWar });
    expect(button('Solo Attack')).not.toBeInTheDocument();
    expect(button('Create Rally')).not.toBeInTheDocument();
  });
});

describe('Solo Attack', () => {
  it('has a slider per troop type from 0 to the available count, showing the power of the choice with the gear boosts', async () => {
    const { api } = await openThrone({ throneWar: activeWar() });
    api.on('GET', ApiRoutes.attackGear(PLAYER), { status: 200, data: commanderGear(PLAYER, { infantry: 50 }) });
    click('Solo Attack');
    expect(within(dialog()).getByRole('heading', { name: 'Solo Attack' })).toBeInTheDocument();
    for (const [name, max] of [
      ['Infantry', '120'],
      ['Archers', '45'],
      ['Cavalry', '8'],
    ]) {
      expect(slider(name)).toHaveAttribute('min', '0');
      expect(slider(name)).toHaveAttribute('max', max);
      expect(slider(name)).toHaveValue('0');
    }
    expect(within(dialog()).getByRole('button', { name: 'Attack' })).toBeDisabled();

    setSlider('Infantry', '10');
    setSlider('Archers', '2');
    setSlider('Cavalry', '500');
    expect(within(dialog()).getByTestId('chosen-infantry')).toHaveTextContent('10 / 120 available');
    expect(within(dialog()).getByTestId('chosen-cavalries')).toHaveTextContent('8 / 8 available');
    // 10 × 0.01 × 1.5 + 2 × 0.021 + 8 × 0.036.
    await waitFor(() => expect(within(dialog()).getByTestId('chosen-power')).toHaveTextContent(/^Power: 480$/));
  });

  it("posts the troops, says 'Attack successful! Winner: X' in green with the battle's full report, closes, and reloads status and troops", async () => {
    const { api } = await openThrone({ throneWar: activeWar() });
    api.on('POST', ApiRoutes.throneSoloAttack, {
      status: 200,
      data: {
        success: true,
        message: 'ok',
        result: {
          battleId: 12,
          winner: 'Own Alliance',
          outcome: 'attacker',
          attackerPower: 1,
          defenderPower: 0,
          dead: troops(0),
          injured: troops(0),
          survivors: troops(10),
        },
      },
    });
    click('Solo Attack');
    setSlider('Infantry', '10');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Attack' }));

    const message = await screen.findByTestId('throne-message');
    expect(message).toHaveTextContent(/^Attack successful! Winner: Own Alliance Full report$/);
    expect(within(message).getByRole('status')).toHaveClass('message--success');
    expect(within(message).getByRole('link', { name: 'Full report' })).toHaveAttribute('href', '/battles/throne/12');
    expect(api.callsTo(ApiRoutes.throneSoloAttack).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, infantry: 10, archers: 0, cavalries: 0 },
    ]);
    // The message may show a render before the dialog has closed (seen on a loaded machine).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo(STATUS_URL)).toHaveLength(2));
    expect(api.callsTo(TROOPS_URL)).toHaveLength(2);
  });

  // The line is red only for a text speaking of a failure or an error (spec section 8).
  it.each([
    ['the default text, in red, when the server gives no reason', { status: 500 }, ThroneMessages.attackFailed, 'message--error'],
    [
      "the server's error as it is",
      { status: 409, data: { error: ThroneMessages.occupierCannotAttack } },
      ThroneMessages.occupierCannotAttack,
      'message--success',
    ],
  ])('shows %s and keeps the modal open', async (_case, response, text, tone) => {
    const { api } = await openThrone({ throneWar: activeWar() });
    api.on('POST', ApiRoutes.throneSoloAttack, response);
    click('Solo Attack');
    setSlider('Archers', '3');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Attack' }));

    const message = await screen.findByTestId('throne-message');
    expect(message).toHaveTextContent(text);
    expect(message.firstElementChild).toHaveClass(tone);
    expect(within(message).queryByRole('link')).not.toBeInTheDocument();
    expect(within(dialog()).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });
});

describe('Garrison Troops', () => {
  it('posts the troops, says so and closes at once', async () => {
    const { api } = await openThrone({ throneWar: ownThrone() });
    api.on('POST', ApiRoutes.throneGarrison, { status: 200, data: { success: true, message: 'ok' } });
    click('Garrison Troops');
    expect(within(dialog()).getByRole('heading', { name: 'Garrison Troops' })).toBeInTheDocument();
    setSlider('Cavalry', '4');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Garrison' }));

    expect(await screen.findByTestId('throne-message')).toHaveTextContent(ThroneMessages.garrisoned);
    expect(within(screen.getByTestId('throne-message')).queryByRole('link')).not.toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.throneGarrison).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, infantry: 0, archers: 0, cavalries: 4 },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Garrison failed' when the server gives no reason", async () => {
    const { api } = await openThrone({ throneWar: ownThrone() });
    api.on('POST', ApiRoutes.throneGarrison, { status: 500 });
    click('Garrison Troops');
    setSlider('Infantry', '1');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Garrison' }));
    expect(await screen.findByTestId('throne-message')).toHaveTextContent(/^Garrison failed$/);
  });
});

describe('Create Rally', () => {
  it('posts the troops, shows the rally id in the modal and on the message line, and closes after 2 s', async () => {
    vi.useFakeTimers();
    const { api } = await openThrone({ throneWar: activeWar(), fakeTimers: true });
    api.on('POST', ApiRoutes.throneRallyCreate, {
      status: 200,
      data: { success: true, message: 'ok', rallyId: 42, rallyLaunchTime: new Date().toISOString() },
    });
    click('Create Rally');
    expect(within(dialog()).getByRole('heading', { name: 'Create Rally Attack' })).toBeInTheDocument();
    setSlider('Infantry', '100');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await advance(1);

    expect(api.callsTo(ApiRoutes.throneRallyCreate).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, infantry: 100, archers: 0, cavalries: 0 },
    ]);
    expect(within(dialog()).getByText('Rally created successfully! ID: 42')).toHaveClass('message--success');
    expect(screen.getByTestId('throne-message')).toHaveTextContent('Rally created successfully! ID: 42');
    await advance(1_990);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await advance(10);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("relays 'Your alliance already has an active rally!' and stays open", async () => {
    const { api } = await openThrone({ throneWar: activeWar() });
    api.on('POST', ApiRoutes.throneRallyCreate, { status: 409, data: { error: ThroneMessages.rallyExists } });
    click('Create Rally');
    setSlider('Infantry', '1');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await screen.findByTestId('throne-message')).toHaveTextContent(ThroneMessages.rallyExists);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Recall Troops', () => {
  it('allows up to what the player garrisoned, and recalls', async () => {
    const { api } = await openThrone({ throneWar: ownThrone() });
    api
      .on('GET', ApiRoutes.throneGarrisonDetails, {
        status: 200,
        data: { participants: [participant('bob', troops(500, 500, 500)), participant(PLAYER, troops(30, 5, 0))] },
      })
      .on('POST', ApiRoutes.throneRecall, { status: 200, data: { success: true, message: 'ok' } });
    click('Recall Troops');
    expect(within(dialog()).getByRole('heading', { name: 'Recall Troops from Throne' })).toBeInTheDocument();
    await waitFor(() => expect(slider('Infantry')).toHaveAttribute('max', '30'));
    expect(slider('Archers')).toHaveAttribute('max', '5');
    expect(slider('Cavalry')).toHaveAttribute('max', '0');
    expect(within(dialog()).getByTestId('chosen-infantry')).toHaveTextContent('0 / 30 garrisoned');

    setSlider('Infantry', '30');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Recall' }));
    expect(await within(dialog()).findByText(ThroneMessages.recalled)).toHaveClass('message--success');
    expect(screen.getByTestId('throne-message')).toHaveTextContent(ThroneMessages.recalled);
    expect(api.callsTo(ApiRoutes.throneRecall).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, infantry: 30, archers: 0, cavalries: 0 },
    ]);
  });

  it('falls back to zero garrisoned troops, and only logs, when the garrison details fail', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = await openThrone({ throneWar: ownThrone() });
    api.on('GET', ApiRoutes.throneGarrisonDetails, { status: 500 });
    click('Recall Troops');
    await waitFor(() => expect(logged).toHaveBeenCalledWith(ThroneMessages.garrisonDetailsFailed, expect.anything()));
    for (const name of ['Infantry', 'Archers', 'Cavalry']) expect(slider(name)).toHaveAttribute('max', '0');
    expect(within(dialog()).getByRole('button', { name: 'Recall' })).toBeDisabled();
    expect(screen.queryByTestId('throne-message')).not.toBeInTheDocument();
  });
});
