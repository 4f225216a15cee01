import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllianceMessages, ApiRoutes } from '@runik/contract';
import { settle } from '../../testing/city-fixtures';
import { answerConfirmation } from '../../testing/dialogs';
import { formatRequestedAt } from '../../shared/format';
import { allianceView, bodiesSentTo, memberView, MY_ALLIANCE_URL, ok, openAlliance, PLAYER } from '../../testing/alliance-fixtures';

const REQUESTS = [
  { hiveUsername: 'dave', requestedAt: '2026-05-01T12:00:00.000Z' },
  { hiveUsername: 'erin', requestedAt: '2026-05-02T12:30:00.000Z' },
];

function row(testId: 'alliance-member' | 'alliance-request', username: string) {
  const found = screen.getAllByTestId(testId).find((element) => element.dataset.username === username);
  if (!found) throw new Error(`No ${testId} row for ${username}`);
  return found;
}

const feedback = () => screen.getByTestId('alliance-feedback');

describe('My Alliance', () => {
  it('shows the alliance: icon, name, tag, description, leader and size', async () => {
    await openAlliance(memberView());
    expect(screen.getByRole('img', { name: 'Wolf' })).toBeInTheDocument();
    expect(screen.getByTestId('alliance-name')).toHaveTextContent('Iron Wolves');
    expect(screen.getByTestId('alliance-tag')).toHaveTextContent('[IRW]');
    expect(screen.getByTestId('alliance-description')).toHaveTextContent('We hunt together.');
    expect(screen.getByTestId('alliance-leader')).toHaveTextContent('bob');
    expect(screen.getByTestId('alliance-member-count')).toHaveTextContent('3/4');
    expect(screen.getAllByTestId('alliance-member').map((member) => member.dataset.username)).toEqual(['bob', PLAYER, 'carol']);
    expect(row('alliance-member', 'bob')).toHaveTextContent('Leader');
    expect(row('alliance-member', PLAYER)).toHaveTextContent('(You)');
  });

  it('gives a member only Leave Alliance', async () => {
    await openAlliance(memberView({ pendingRequests: [] }));
    expect(screen.getByRole('button', { name: 'Leave Alliance' })).toBeEnabled();
    for (const name of ['Kick', 'Accept', 'Reject', 'Expand', 'Disband', 'Save']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: /Pending Requests/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Tag')).not.toBeInTheDocument();
  });

  it('gives the leader the requests, the settings, kick, expand, disband and leave', async () => {
    await openAlliance(allianceView({ pendingRequests: REQUESTS }));
    expect(screen.getByRole('heading', { name: /Pending Requests/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('alliance-request')).toHaveLength(2);
    expect(screen.getByRole('form', { name: 'Edit tag' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit description' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Disband' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Leave Alliance' })).toBeEnabled();
    // Everyone but the leader can be kicked.
    expect(within(row('alliance-member', 'bob')).getByRole('button', { name: 'Kick' })).toBeEnabled();
    expect(within(row('alliance-member', 'carol')).getByRole('button', { name: 'Kick' })).toBeEnabled();
    expect(within(row('alliance-member', PLAYER)).queryByRole('button', { name: 'Kick' })).not.toBeInTheDocument();
  });
});

describe('Pending Requests', () => {
  it('lists who asked and when', async () => {
    await openAlliance(allianceView({ pendingRequests: REQUESTS }));
    const dave = row('alliance-request', 'dave');
    expect(dave).toHaveTextContent('dave');
    expect(within(dave).getByText(formatRequestedAt(REQUESTS[0].requestedAt))).toHaveAttribute('datetime', REQUESTS[0].requestedAt);
    // A readable date, not the raw timestamp.
    expect(dave).toHaveTextContent(/May \d, 2026/);
    expect(dave).not.toHaveTextContent('2026-05-01T12:00');
  });

  it('says when there is none', async () => {
    await openAlliance(allianceView());
    expect(screen.getByText('No pending requests.')).toBeInTheDocument();
  });

  it('accepts a request with the leader, the player and the alliance, then reloads the alliance', async () => {
    const { api, user, setAlliance } = await openAlliance(allianceView({ pendingRequests: REQUESTS }));
    api.on('POST', ApiRoutes.allianceAccept, () => {
      setAlliance(allianceView({ members: [PLAYER, 'bob', 'carol', 'dave'], memberCount: 4, pendingRequests: [REQUESTS[1]] }));
      return ok(AllianceMessages.accepted('dave'));
    });
    await user.click(within(row('alliance-request', 'dave')).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(screen.getAllByTestId('alliance-request')).toHaveLength(1));
    expect(bodiesSentTo(api, ApiRoutes.allianceAccept)).toEqual([{ leaderUsername: PLAYER, targetUsername: 'dave', allianceId: 7 }]);
    expect(within(feedback()).getByRole('status')).toHaveTextContent('dave joined the alliance.');
    expect(row('alliance-member', 'dave')).toBeInTheDocument();
    expect(screen.getByTestId('alliance-member-count')).toHaveTextContent('4/4');
  });

  it('rejects a request', async () => {
    const { api, user, setAlliance } = await openAlliance(allianceView({ pendingRequests: REQUESTS }));
    api.on('POST', ApiRoutes.allianceReject, () => {
      setAlliance(allianceView({ pendingRequests: [REQUESTS[0]] }));
      return ok(AllianceMessages.rejected('erin'));
    });
    await user.click(within(row('alliance-request', 'erin')).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(screen.getAllByTestId('alliance-request')).toHaveLength(1));
    expect(bodiesSentTo(api, ApiRoutes.allianceReject)).toEqual([{ leaderUsername: PLAYER, targetUsername: 'erin', allianceId: 7 }]);
    expect(within(feedback()).getByRole('status')).toHaveTextContent('Request from erin rejected.');
  });

  it('cannot accept while the alliance is full, and says why', async () => {
    await openAlliance(
      allianceView({ memberCount: 4, maxMembers: 4, members: [PLAYER, 'bob', 'carol', 'finn'], pendingRequests: REQUESTS }),
    );
    const dave = row('alliance-request', 'dave');
    expect(within(dave).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(within(dave).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(screen.getByText(/The alliance is full/)).toBeInTheDocument();
  });

  it.each([
    [{ status: 404, data: { error: AllianceMessages.requestNotFound } }, 'No pending request from this player.'],
    [{ status: 500 }, 'Failed to accept request.'],
  ])('relays a refused accept and reloads the alliance (%j)', async (response, message) => {
    const { api, user } = await openAlliance(allianceView({ pendingRequests: REQUESTS }));
    api.on('POST', ApiRoutes.allianceAccept, response);
    const loadsBefore = api.callsTo(MY_ALLIANCE_URL).length;
    await user.click(within(row('alliance-request', 'dave')).getByRole('button', { name: 'Accept' }));

    expect(await within(await screen.findByTestId('alliance-feedback')).findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(api.callsTo(MY_ALLIANCE_URL).length).toBeGreaterThan(loadsBefore));
  });

  it("falls back to 'Failed to reject request.'", async () => {
    const { api, user } = await openAlliance(allianceView({ pendingRequests: REQUESTS }));
    api.on('POST', ApiRoutes.allianceReject, { status: 503 });
    await user.click(within(row('alliance-request', 'dave')).getByRole('button', { name: 'Reject' }));
    expect(within(await screen.findByTestId('alliance-feedback')).getByRole('alert')).toHaveTextContent('Failed to reject request.');
  });
});

describe('Kick', () => {
  it('asks first, then kicks with the leader, the member and the alliance', async () => {
    const { api, user, setAlliance } = await openAlliance(allianceView());
    api.on('POST', ApiRoutes.allianceKick, () => {
      setAlliance(allianceView({ members: [PLAYER, 'bob'], memberCount: 2 }));
      return ok(AllianceMessages.kicked('carol'));
    });
    await user.click(within(row('alliance-member', 'carol')).getByRole('button', { name: 'Kick' }));

    expect(await answerConfirmation(true)).toBe('Kick carol from Iron Wolves?');
    await waitFor(() => expect(screen.getAllByTestId('alliance-member')).toHaveLength(2));
    expect(bodiesSentTo(api, ApiRoutes.allianceKick)).toEqual([{ leaderUsername: PLAYER, targetUsername: 'carol', allianceId: 7 }]);
    expect(within(feedback()).getByRole('status')).toHaveTextContent('carol was removed from the alliance.');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { api, user } = await openAlliance(allianceView());
    await user.click(within(row('alliance-member', 'bob')).getByRole('button', { name: 'Kick' }));
    await answerConfirmation(false);
    await settle();
    expect(api.callsTo(ApiRoutes.allianceKick)).toHaveLength(0);
    expect(row('alliance-member', 'bob')).toBeInTheDocument();
  });

  it.each([
    [{ status: 403, data: { error: AllianceMessages.notLeader } }, 'Only the alliance leader can do this.'],
    [{ status: 500 }, 'Failed to kick member.'],
  ])('relays a refused kick (%j)', async (response, message) => {
    const { api, user } = await openAlliance(allianceView());
    api.on('POST', ApiRoutes.allianceKick, response);
    await user.click(within(row('alliance-member', 'bob')).getByRole('button', { name: 'Kick' }));
    await answerConfirmation(true);
    expect(within(await screen.findByTestId('alliance-feedback')).getByRole('alert')).toHaveTextContent(message);
  });
});
