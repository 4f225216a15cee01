import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllianceMessages, ApiRoutes, AppRoutes, type AllianceListEntry, type AlliancesResponse } from '@runik/contract';
import type { FakeApi } from '../../testing/fake-api';
import { currentLocation } from '../../testing/render';
import { allianceView, bodiesSentTo, listEntry, memberView, ok, openAlliance, PLAYER } from '../../testing/alliance-fixtures';

const TOKEN = 'Ab3_-'.repeat(6) + 'xy';
const EXPIRES_AT = '2026-12-01T12:00:00.000Z';

const serveList = (api: FakeApi, alliances: AllianceListEntry[]) =>
  api.on('GET', ApiRoutes.allianceList, { status: 200, data: { success: true, alliances } satisfies AlliancesResponse });

describe('alliance invitations', () => {
  it('lets a member create a link and copy it, when the leader allows it', async () => {
    const { api, user } = await openAlliance(memberView({ membersMayInvite: true, canInvite: true }));
    api.on('POST', ApiRoutes.allianceInvite, { status: 200, data: { success: true, token: TOKEN, expiresAt: EXPIRES_AT } });
    const panel = screen.getByTestId('alliance-invite');
    await user.click(within(panel).getByRole('button', { name: 'Create Invitation Link' }));

    const link = `${window.location.origin}${AppRoutes.alliance}?invite=${TOKEN}&alliance=7`;
    expect(await within(panel).findByRole('textbox', { name: 'Invitation link' })).toHaveValue(link);
    expect(bodiesSentTo(api, ApiRoutes.allianceInvite)).toEqual([{ hiveUsername: PLAYER, allianceId: 7 }]);
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(within(panel).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('shows no invitation panel to a member the leader does not let invite', async () => {
    await openAlliance(memberView());
    expect(screen.queryByTestId('alliance-invite')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alliance-invitations')).not.toBeInTheDocument();
  });

  it("relays the server's refusal", async () => {
    const { api, user } = await openAlliance(memberView({ membersMayInvite: true, canInvite: true }));
    api.on('POST', ApiRoutes.allianceInvite, { status: 403, data: { error: AllianceMessages.notMember } });
    await user.click(screen.getByRole('button', { name: 'Create Invitation Link' }));
    expect(await within(screen.getByTestId('alliance-invite')).findByRole('alert')).toHaveTextContent(`${AllianceMessages.notMember}`);
  });

  it('offers a player without an alliance who opened a link to join at once with its token', async () => {
    const path = `${AppRoutes.alliance}?invite=${TOKEN}&alliance=1`;
    const { api, user, setAlliance } = await openAlliance(null, { path, serve: (fake) => serveList(fake, [listEntry()]) });
    api.on('POST', ApiRoutes.allianceJoin, () => {
      setAlliance(memberView());
      return ok(AllianceMessages.joined, { autoAccepted: true });
    });
    const offer = await screen.findByTestId('alliance-invitation');
    expect(await within(offer).findByText('You were invited to join Iron Wolves [IRW].')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Accept Invitation' }));

    expect(await screen.findByTestId('alliance-overview')).toBeInTheDocument();
    expect(bodiesSentTo(api, ApiRoutes.allianceJoin)).toEqual([{ hiveUsername: PLAYER, allianceId: 1, inviteToken: TOKEN }]);
    // The invitation leaves the address once the page has joined: eventually, not necessarily by the overview's first render.
    await waitFor(() => expect(currentLocation()).toBe(AppRoutes.alliance));
  });

  it('shows a used invitation as refused, and forgets a dismissed one', async () => {
    const { api, user } = await openAlliance(null, {
      path: `${AppRoutes.alliance}?invite=${TOKEN}&alliance=1`,
      serve: (fake) => serveList(fake, []),
    });
    api.on('POST', ApiRoutes.allianceJoin, { status: 409, data: { error: AllianceMessages.invitationUsed } });
    const offer = await screen.findByTestId('alliance-invitation');
    expect(within(offer).getByText('You were invited to join an alliance.')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Accept Invitation' }));
    expect(await within(screen.getByTestId('alliance-feedback')).findByRole('alert')).toHaveTextContent(
      `${AllianceMessages.invitationUsed}`,
    );

    await user.click(within(offer).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('alliance-invitation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Alliance' })).toBeInTheDocument();
  });

  it('ignores a malformed link', async () => {
    await openAlliance(null, { path: `${AppRoutes.alliance}?invite=short&alliance=1` });
    expect(screen.queryByTestId('alliance-invitation')).not.toBeInTheDocument();
  });

  it('shows the leader the open invitations, revokes one, and lets members invite', async () => {
    const listed = {
      success: true,
      membersMayInvite: false,
      invitations: [
        { id: 11, createdBy: PLAYER, createdAt: '2026-11-20T10:00:00.000Z', expiresAt: EXPIRES_AT },
        { id: 12, createdBy: 'bob', createdAt: '2026-11-21T10:00:00.000Z', expiresAt: EXPIRES_AT },
      ],
    };
    const { api, user } = await openAlliance(allianceView(), {
      serve: (fake) => fake.on('GET', ApiRoutes.allianceInvitations(PLAYER, 7), { status: 200, data: listed }),
    });
    api.on('POST', ApiRoutes.allianceInvitationRevoke, ok(AllianceMessages.invitationRevokedDone));
    api.on('POST', ApiRoutes.allianceInvitationSettings, ok(AllianceMessages.membersMayInvite));
    const panel = await screen.findByTestId('alliance-invitations');
    const rows = await within(panel).findAllByTestId('alliance-open-invitation');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('By bob, valid until');

    await user.click(within(rows[1]).getByRole('button', { name: 'Revoke' }));
    expect(await within(screen.getByTestId('alliance-feedback')).findByText(AllianceMessages.invitationRevokedDone)).toBeInTheDocument();
    expect(bodiesSentTo(api, ApiRoutes.allianceInvitationRevoke)).toEqual([{ hiveUsername: PLAYER, allianceId: 7, invitationId: 12 }]);

    await user.click(within(panel).getByRole('checkbox', { name: 'Members may create invitations' }));
    expect(await within(screen.getByTestId('alliance-feedback')).findByText(AllianceMessages.membersMayInvite)).toBeInTheDocument();
    expect(bodiesSentTo(api, ApiRoutes.allianceInvitationSettings)).toEqual([
      { hiveUsername: PLAYER, allianceId: 7, membersMayInvite: true },
    ]);
  });
});
