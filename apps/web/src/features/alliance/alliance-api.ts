import { useQuery } from '@tanstack/react-query';
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
  type UpdateAllianceRequest,
} from '@runik/contract';
import { allianceKeys } from '../../shared/query-keys';
import { httpClient, responseData } from '../../api/http-client';

async function fetchAlliances() {
  return (await responseData(httpClient.get<AlliancesResponse>(ApiRoutes.allianceList))).alliances;
}

/** The alliances one may ask to join; loaded only while the Join list is open. */
export function useAllianceList(username: string) {
  return useQuery({ queryKey: allianceKeys.list(username), queryFn: fetchAlliances });
}

/** The alliance's open invitations, for its leader. */
export function useOpenInvitations(username: string, allianceId: number) {
  return useQuery({
    queryKey: allianceKeys.invitations(username, allianceId),
    queryFn: () => responseData(httpClient.get<AllianceInvitationsResponse>(ApiRoutes.allianceInvitations(username, allianceId))),
  });
}

// The calls behind the player's actions (spec section 7).

export const postCreateAlliance = (body: CreateAllianceRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceCreate, body));
export const postJoinAlliance = (body: JoinAllianceRequest) =>
  responseData(httpClient.post<JoinAllianceResponse>(ApiRoutes.allianceJoin, body));
export const postInvite = (body: AllianceActionRequest) =>
  responseData(httpClient.post<AllianceInvitationResponse>(ApiRoutes.allianceInvite, body));
export const postRevokeInvitation = (body: RevokeInvitationRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceInvitationRevoke, body));
export const postInvitationSettings = (body: InvitationSettingsRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceInvitationSettings, body));
export const postLeaveAlliance = (body: { hiveUsername: string }) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceLeave, body));
export const postDisbandAlliance = (body: AllianceActionRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceDisband, body));
export const postExpandAlliance = (body: AllianceActionRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceExpand, body));
export const postUpdateAlliance = (body: UpdateAllianceRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceUpdate, body));
export const postAcceptRequest = (body: AllianceMemberActionRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceAccept, body));
export const postRejectRequest = (body: AllianceMemberActionRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceReject, body));
export const postKickMember = (body: AllianceMemberActionRequest) =>
  responseData(httpClient.post<AllianceActionResponse>(ApiRoutes.allianceKick, body));
