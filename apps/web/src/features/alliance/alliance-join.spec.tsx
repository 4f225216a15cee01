import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllianceMessages, ApiRoutes, type AllianceListEntry, type AlliancesResponse } from '@runik/contract';
import type { FakeApi } from '../../testing/fake-api';
import { bodiesSentTo, listEntry, memberView, ok, openAlliance, PLAYER } from '../../testing/alliance-fixtures';

const LIST_URL = ApiRoutes.allianceList;
const JOIN_URL = ApiRoutes.allianceJoin;

const WOLVES = listEntry({ id: 1, name: 'Iron Wolves', tag: 'IRW', icon: 'wolf', members: 3, maxMembers: 4 });
const EAGLES = listEntry({ id: 2, name: 'Sky Eagles', tag: 'SKY', icon: 'eagle', members: 5, maxMembers: 5 });
const BEARS = listEntry({ id: 3, name: 'Cave Bears', tag: 'BRS', icon: 'bear', members: 1, maxMembers: 2, requestPending: true });

function serveList(api: FakeApi, alliances: () => AllianceListEntry[]) {
  return api.on('GET', LIST_URL, () => ({ status: 200, data: { success: true, alliances: alliances() } satisfies AlliancesResponse }));
}

async function openJoinList(alliances: AllianceListEntry[] = [WOLVES, EAGLES, BEARS]) {
  const opened = await openAlliance(null);
  let current = alliances;
  serveList(opened.api, () => current);
  await opened.user.click(screen.getByRole('button', { name: 'Join Alliance' }));
  const setList = (next: AllianceListEntry[]) => {
    current = next;
  };
  return { ...opened, setList };
}

async function entry(name: string) {
  const entries = await screen.findAllByTestId('alliance-entry');
  const found = entries.find((row) => row.textContent?.includes(name));
  if (!found) throw new Error(`No alliance entry for ${name}`);
  return found;
}

describe('Join Alliance list', () => {
  it('lists every alliance with its icon, tag and size', async () => {
    await openJoinList();
    const wolves = await entry('Iron Wolves');
    expect(wolves).toHaveTextContent('Iron Wolves [IRW]');
    expect(within(wolves).getByRole('img', { name: 'Wolf' })).toBeInTheDocument();
    expect(within(wolves).getByTestId('alliance-entry-members')).toHaveTextContent('3/4 members');
    expect(within(wolves).getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it('disables Join on a full alliance, and shows Requested where a request is pending', async () => {
    await openJoinList();
    const eagles = await entry('Sky Eagles');
    expect(within(eagles).getByTestId('alliance-entry-members')).toHaveTextContent('5/5 members · Full');
    expect(within(eagles).getByRole('button', { name: 'Join' })).toBeDisabled();

    const bears = await entry('Cave Bears');
    expect(within(bears).getByRole('button', { name: 'Requested' })).toBeDisabled();
    expect(within(bears).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('says so when there is no alliance yet', async () => {
    await openJoinList([]);
    expect(await screen.findByText('No alliances yet. Create the first one!')).toBeInTheDocument();
  });

  it("shows 'Failed to load alliances. Please try again.' when the list fails, and retries", async () => {
    const { api, user } = await openAlliance(null);
    api.on('GET', LIST_URL, { status: 500, data: { error: 'Database down' } });
    await user.click(screen.getByRole('button', { name: 'Join Alliance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load alliances. Please try again.');

    serveList(api, () => [WOLVES]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await entry('Iron Wolves')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a join request, shows the server message and then Requested', async () => {
    const { api, user, setList } = await openJoinList();
    api.on('POST', JOIN_URL, () => {
      setList([{ ...WOLVES, requestPending: true }, EAGLES, BEARS]);
      return ok(AllianceMessages.requestSent, { autoAccepted: false });
    });
    await user.click(within(await entry('Iron Wolves')).getByRole('button', { name: 'Join' }));

    const feedback = await screen.findByTestId('alliance-feedback');
    expect(within(feedback).getByRole('status')).toHaveTextContent('Join request sent. The leader will review it.');
    expect(bodiesSentTo(api, JOIN_URL)).toEqual([{ hiveUsername: PLAYER, allianceId: 1 }]);
    await waitFor(async () => expect(within(await entry('Iron Wolves')).getByRole('button', { name: 'Requested' })).toBeDisabled());
  });

  it('shows My Alliance at once when the server lets the player straight in (autoAccepted)', async () => {
    const { api, user, setAlliance } = await openJoinList();
    api.on('POST', JOIN_URL, () => {
      setAlliance(memberView());
      return ok(AllianceMessages.joined, { autoAccepted: true });
    });
    await user.click(within(await entry('Iron Wolves')).getByRole('button', { name: 'Join' }));

    expect(await screen.findByTestId('alliance-overview')).toBeInTheDocument();
    expect(within(screen.getByTestId('alliance-feedback')).getByRole('status')).toHaveTextContent('Welcome! You joined the alliance.');
    expect(screen.getByRole('button', { name: 'Leave Alliance' })).toBeInTheDocument();
    expect(screen.queryByTestId('alliance-entry')).not.toBeInTheDocument();
  });

  it.each([
    [{ status: 409, data: { error: AllianceMessages.allianceFull } }, 'This alliance is full.'],
    [{ status: 502, data: '<html>Bad gateway</html>' }, 'Failed to join alliance. Please try again.'],
  ])('relays a refused join (%j)', async (response, message) => {
    const { api, user } = await openJoinList();
    api.on('POST', JOIN_URL, response);
    await user.click(within(await entry('Iron Wolves')).getByRole('button', { name: 'Join' }));
    const feedback = await screen.findByTestId('alliance-feedback');
    expect(within(feedback).getByRole('alert')).toHaveTextContent(message);
    expect(within(await entry('Iron Wolves')).getByRole('button', { name: 'Join' })).toBeInTheDocument();
  });
});
