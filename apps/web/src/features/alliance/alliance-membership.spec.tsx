import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllianceMessages, ApiRoutes, AppRoutes } from '@runik/contract';
import { installFakeApi, never } from '../../testing/fake-api';
import { settle } from '../../testing/city-fixtures';
import { answerConfirmation } from '../../testing/dialogs';
import { logInAs } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { allianceView, bodiesSentTo, memberView, MY_ALLIANCE_URL, ok, openAlliance, PLAYER } from '../../testing/alliance-fixtures';

const LEAVE_URL = ApiRoutes.allianceLeave;
const DISBAND_URL = ApiRoutes.allianceDisband;

describe('Alliance screen placeholders', () => {
  it('says it is loading, asking for the session player with its token', async () => {
    const api = installFakeApi().on('GET', MY_ALLIANCE_URL, never);
    logInAs(PLAYER);
    renderApp(AppRoutes.alliance);
    expect(await screen.findByText('Loading alliance...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Alliance' })).toBeInTheDocument();
    expect(api.callsTo(MY_ALLIANCE_URL)[0].authorization).toBe(null);
  });

  it('shows a failed load with the server message, and retries', async () => {
    const api = installFakeApi().on('GET', MY_ALLIANCE_URL, { status: 500, data: { error: 'Database down' } });
    logInAs(PLAYER);
    const { user } = renderApp(AppRoutes.alliance);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your alliance: Database down');

    api.on('GET', MY_ALLIANCE_URL, { status: 200, data: { success: true, alliance: null } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Create Alliance' })).toBeInTheDocument();
  });
});

describe('Leave Alliance', () => {
  it('asks a member, leaves, then offers Create and Join with the server message', async () => {
    const { api, user, setAlliance } = await openAlliance(memberView());
    api.on('POST', LEAVE_URL, () => {
      setAlliance(null);
      return ok(AllianceMessages.left);
    });
    await user.click(screen.getByRole('button', { name: 'Leave Alliance' }));

    expect(await answerConfirmation(true)).toBe('Leave Iron Wolves?');
    expect(await screen.findByRole('button', { name: 'Create Alliance' })).toBeInTheDocument();
    expect(bodiesSentTo(api, LEAVE_URL)).toEqual([{ hiveUsername: PLAYER }]);
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent('You left the alliance.');
  });

  it('tells a leader who takes over before they leave', async () => {
    const { api, user } = await openAlliance(allianceView({ members: [PLAYER, 'carol', 'bob'] }));
    await user.click(screen.getByRole('button', { name: 'Leave Alliance' }));
    expect(await answerConfirmation(false)).toBe(
      'Leave Iron Wolves? As its leader, you hand leadership to carol, its longest-standing member.',
    );
    await settle();
    expect(api.callsTo(LEAVE_URL)).toHaveLength(0);
  });

  it('tells a leader alone that leaving disbands the alliance', async () => {
    const { api, user, setAlliance } = await openAlliance(allianceView({ members: [PLAYER], memberCount: 1 }));
    api.on('POST', LEAVE_URL, () => {
      setAlliance(null);
      return ok(AllianceMessages.leftDisbanded);
    });
    await user.click(screen.getByRole('button', { name: 'Leave Alliance' }));
    expect(await answerConfirmation(true)).toBe('Leave Iron Wolves? You are its only member, so it will be disbanded.');
    expect(await screen.findByRole('button', { name: 'Join Alliance' })).toBeInTheDocument();
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent(AllianceMessages.leftDisbanded);
  });

  it.each([
    [{ status: 409, data: { error: AllianceMessages.notInAlliance } }, 'You are not in an alliance.'],
    [{ status: 500 }, 'Failed to leave alliance.'],
  ])('relays a refused leave (%j)', async (response, message) => {
    const { api, user } = await openAlliance(memberView());
    api.on('POST', LEAVE_URL, response);
    await user.click(screen.getByRole('button', { name: 'Leave Alliance' }));
    await answerConfirmation(true);
    expect(within(await screen.findByTestId('alliance-feedback')).getByRole('alert')).toHaveTextContent(message);
  });
});

describe('Disband', () => {
  it('asks first, disbands, then offers Create and Join', async () => {
    const { api, user, setAlliance } = await openAlliance(allianceView());
    api.on('POST', DISBAND_URL, () => {
      setAlliance(null);
      return ok(AllianceMessages.disbanded);
    });
    await user.click(screen.getByRole('button', { name: 'Disband' }));

    expect(await answerConfirmation(true)).toBe('Disband Iron Wolves? Every member will be removed. This cannot be undone.');
    expect(await screen.findByRole('button', { name: 'Create Alliance' })).toBeInTheDocument();
    expect(bodiesSentTo(api, DISBAND_URL)).toEqual([{ hiveUsername: PLAYER, allianceId: 7 }]);
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent('Alliance disbanded.');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { api, user } = await openAlliance(allianceView());
    await user.click(screen.getByRole('button', { name: 'Disband' }));
    await answerConfirmation(false);
    await settle();
    expect(api.callsTo(DISBAND_URL)).toHaveLength(0);
    expect(screen.getByTestId('alliance-overview')).toBeInTheDocument();
  });

  it("falls back to 'Failed to disband alliance.' and the message can be dismissed", async () => {
    const { api, user } = await openAlliance(allianceView());
    api.on('POST', DISBAND_URL, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Disband' }));
    await answerConfirmation(true);
    const feedback = await screen.findByTestId('alliance-feedback');
    expect(within(feedback).getByRole('alert')).toHaveTextContent('Failed to disband alliance.');
    await user.click(within(feedback).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('alliance-feedback')).not.toBeInTheDocument());
  });
});
