import { screen } from '@testing-library/react';
import { ApiRoutes, AppRoutes, type AllianceView, type AllianceListEntry, type MyAllianceResponse } from '@runik/contract';
import { PLAYER } from './city-fixtures';
import { installFakeApi, type FakeApi } from './fake-api';
import { logInAs } from './fixtures';
import { renderApp } from './render';

export { PLAYER };

export const MY_ALLIANCE_URL = ApiRoutes.allianceMy(PLAYER);

/** Alice's alliance as GET /api/alliance/my answers it to its leader, changed by `overrides`. */
export function allianceView(overrides: Partial<AllianceView> = {}): AllianceView {
  return {
    id: 7,
    name: 'Iron Wolves',
    tag: 'IRW',
    icon: 'wolf',
    description: 'We hunt together.',
    leader: PLAYER,
    members: [PLAYER, 'bob', 'carol'],
    memberCount: 3,
    maxMembers: 4,
    canExpand: true,
    nextExpansionCost: 30_000,
    isLeader: true,
    pendingRequests: [],
    membersMayInvite: false,
    canInvite: true,
    ...overrides,
  };
}

/** Bob's view of the same alliance: a member sees no requests, and may not invite unless Bob allows it. */
export function memberView(overrides: Partial<AllianceView> = {}): AllianceView {
  return allianceView({ leader: 'bob', members: ['bob', PLAYER, 'carol'], isLeader: false, canInvite: false, ...overrides });
}

export function listEntry(overrides: Partial<AllianceListEntry> = {}): AllianceListEntry {
  return { id: 1, name: 'Iron Wolves', tag: 'IRW', icon: 'wolf', members: 3, maxMembers: 4, requestPending: false, ...overrides };
}

/**
 * Logs alice in and opens /alliance (or `path`) on a server whose answer to "my alliance" the test
 * can change (`setAlliance`), as an action would, and which `serve` may answer more calls from the
 * start; resolves once the first view shows.
 */
export async function openAlliance(
  initial: AllianceView | null,
  { path = AppRoutes.alliance, serve }: { path?: string; serve?: (api: FakeApi) => void } = {},
) {
  let current = initial;
  const api = installFakeApi().on('GET', MY_ALLIANCE_URL, () => ({
    status: 200,
    data: { success: true, alliance: current } satisfies MyAllianceResponse,
  }));
  serve?.(api);
  logInAs(PLAYER);
  const rendered = renderApp(path);
  if (initial) await screen.findByTestId('alliance-overview');
  else await screen.findByRole('button', { name: 'Create Alliance' });
  const setAlliance = (next: AllianceView | null) => {
    current = next;
  };
  return { api, setAlliance, ...rendered };
}

/** The bodies POSTed to `url`. */
export function bodiesSentTo(api: FakeApi, url: string): unknown[] {
  return api.callsTo(url).map((request) => request.body);
}

/** A success answer of an action. */
export function ok(message: string, extra: object = {}) {
  return { status: 200, data: { success: true, message, ...extra } };
}
