import { skipToken, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  type AllianceActionRequest,
  type AllianceActionResponse,
  type AllianceInvitationResponse,
  type AllianceInvitationsResponse,
  type InvitationSettingsRequest,
  type RevokeInvitationRequest,
  type AllianceMemberActionRequest,
  type AlliancesResponse,
  type CreateAllianceRequest,
  type JoinAllianceRequest,
  type JoinAllianceResponse,
  type MyAllianceResponse,
  type UpdateAllianceRequest,
} from '@runik/contract';
import { httpClient } from '../../api/http-client';

export const allianceKeys = {
  all: ['alliance'] as const,
  my: (username: string) => ['alliance', 'my', username] as const,
  // The list carries the viewer's own pending requests, so it is per player.
  list: (username: string) => ['alliance', 'list', username] as const,
  invitations: (username: string, allianceId: number) => ['alliance', 'invitations', username, allianceId] as const,
};

async function fetchMyAlliance(username: string) {
  const { data } = await httpClient.get<MyAllianceResponse>(ApiRoutes.allianceMy(username));
  return data.alliance;
}

async function fetchAlliances() {
  const { data } = await httpClient.get<AlliancesResponse>(ApiRoutes.allianceList);
  return data.alliances;
}

/** The player's alliance, or null without one. */
export function useMyAlliance(username: string | null) {
  return useQuery({
    queryKey: allianceKeys.my(username ?? ''),
    queryFn: username === null ? skipToken : () => fetchMyAlliance(username),
  });
}

/** The alliances one may ask to join; loaded only while the Join list is open. */
export function useAllianceList(username: string) {
  return useQuery({ queryKey: allianceKeys.list(username), queryFn: fetchAlliances });
}

/** The alliance's open invitations, for its leader. */
export function useOpenInvitations(username: string, allianceId: number) {
  return useQuery({
    queryKey: allianceKeys.invitations(username, allianceId),
    queryFn: async () => (await httpClient.get<AllianceInvitationsResponse>(ApiRoutes.allianceInvitations(username, allianceId))).data,
  });
}

// The calls behind the player's actions (spec section 7).

async function post<Response>(url: string, body: object): Promise<Response> {
  return (await httpClient.post<Response>(url, body)).data;
}

export const postCreateAlliance = (body: CreateAllianceRequest) => post<AllianceActionResponse>(ApiRoutes.allianceCreate, body);
export const postJoinAlliance = (body: JoinAllianceRequest) => post<JoinAllianceResponse>(ApiRoutes.allianceJoin, body);
export const postInvite = (body: AllianceActionRequest) => post<AllianceInvitationResponse>(ApiRoutes.allianceInvite, body);
export const postRevokeInvitation = (body: RevokeInvitationRequest) =>
  post<AllianceActionResponse>(ApiRoutes.allianceInvitationRevoke, body);
export const postInvitationSettings = (body: InvitationSettingsRequest) =>
  post<AllianceActionResponse>(ApiRoutes.allianceInvitationSettings, body);
export const postLeaveAlliance = (body: { hiveUsername: string }) => post<AllianceActionResponse>(ApiRoutes.allianceLeave, body);
export const postDisbandAlliance = (body: AllianceActionRequest) => post<AllianceActionResponse>(ApiRoutes.allianceDisband, body);
export const postExpandAlliance = (body: AllianceActionRequest) => post<AllianceActionResponse>(ApiRoutes.allianceExpand, body);
export const postUpdateAlliance = (body: UpdateAllianceRequest) => post<AllianceActionResponse>(ApiRoutes.allianceUpdate, body);
export const postAcceptRequest = (body: AllianceMemberActionRequest) => post<AllianceActionResponse>(ApiRoutes.allianceAccept, body);
export const postRejectRequest = (body: AllianceMemberActionRequest) => post<AllianceActionResponse>(ApiRoutes.allianceReject, body);
export const postKickMember = (body: AllianceMemberActionRequest) => post<AllianceActionResponse>(ApiRoutes.allianceKick, body);
