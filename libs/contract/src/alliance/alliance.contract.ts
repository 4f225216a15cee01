import { z } from 'zod';
import {
  ALLIANCE_DESCRIPTION_MAX,
  ALLIANCE_ICON_IDS,
  ALLIANCE_MAX_MEMBERS,
  ALLIANCE_NAME_MAX,
  ALLIANCE_OPEN_INVITATIONS_MAX,
  AllianceIcon,
  isValidAllianceTag,
  normalizeAllianceTag,
} from '@runik/rules';
import { hiveUsernameSchema } from '../common/schemas';
import { nameText, plainText } from '../common/text';

/** Alliance messages: the spec's verbatim where it gives them (sections 5 and 8), ours otherwise. */
export const AllianceMessages = {
  nameRequired: 'Alliance name is required.',
  nameTooLong: `Alliance name must be at most ${ALLIANCE_NAME_MAX} characters.`,
  tagLength: 'Alliance Tag must be exactly 3 characters!',
  editTagLength: 'Tag must be exactly 3 characters!',
  tagCharacters: 'Tag may contain only letters and digits.',
  descriptionRequired: 'Description is required.',
  descriptionEmpty: 'Description cannot be empty!',
  descriptionTooLong: `Description must be at most ${ALLIANCE_DESCRIPTION_MAX} characters.`,
  unknownIcon: 'Unknown alliance icon.',
  updateNothing: 'Send a new tag or a new description.',
  invalidAllianceId: 'Invalid alliance id.',
  allianceNotFound: 'Alliance not found.',
  alreadyInAlliance: 'You are already in an alliance.',
  targetInAlliance: 'This player has already joined an alliance.',
  nameTaken: 'An alliance with this name already exists.',
  tagTaken: 'An alliance with this tag already exists.',
  notInAlliance: 'You are not in an alliance.',
  notMember: 'You are not a member of this alliance.',
  notLeader: 'Only the alliance leader can do this.',
  allianceFull: 'This alliance is full.',
  maxCapacity: `Maximum capacity of ${ALLIANCE_MAX_MEMBERS} members reached.`,
  requestPending: 'You have already requested to join this alliance.',
  requestNotFound: 'No pending request from this player.',
  targetNotMember: 'This player is not a member of your alliance.',
  cannotKickSelf: 'You cannot kick yourself.',
  invitationInvalid: 'This invitation is not valid for this alliance.',
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: 'This invitation has expired. Ask a member for a new one.',
  invitationRevoked: 'This invitation was revoked. Ask the leader for a new one.',
  invitationsLeaderOnly: 'Only the alliance leader can create invitations, unless the leader allows members to.',
  invitationsCapped: `This alliance already has ${ALLIANCE_OPEN_INVITATIONS_MAX} open invitations. Revoke one first.`,
  invitationNotFound: 'No open invitation with this id.',
  invalidInvitationId: 'Invalid invitation id.',
  invitationRevokedDone: 'Invitation revoked.',
  membersMayInvite: 'Members may now create invitations.',
  onlyLeaderInvites: "Only you may create invitations now; the members' open invitations were revoked.",
  failedRevoke: 'Failed to revoke the invitation.',
  failedInvitationSettings: 'Failed to change who may invite.',
  created: 'Alliance created successfully!',
  requestSent: 'Join request sent. The leader will review it.',
  joined: 'Welcome! You joined the alliance.',
  accepted: (username: string) => `${username} joined the alliance.`,
  rejected: (username: string) => `Request from ${username} rejected.`,
  left: 'You left the alliance.',
  leftNewLeader: (username: string) => `You left the alliance. ${username} is the new leader.`,
  leftDisbanded: 'You left the alliance. As its last member, it was disbanded.',
  kicked: (username: string) => `${username} was removed from the alliance.`,
  tagUpdated: 'Tag updated.',
  descriptionUpdated: 'Description updated.',
  expanded: (maxMembers: number) => `Capacity expanded to ${maxMembers} members.`,
  disbanded: 'Alliance disbanded.',
  // Client fallbacks (section 8).
  failedLeave: 'Failed to leave alliance.',
  failedDisband: 'Failed to disband alliance.',
  failedDescription: 'Failed to update description.',
  failedTag: 'Failed to update tag.',
  failedExpand: 'Failed to expand alliance capacity.',
  failedAccept: 'Failed to accept request.',
  failedReject: 'Failed to reject request.',
  failedKick: 'Failed to kick member.',
  failedCreate: 'Failed to create alliance. Please try again.',
  failedJoin: 'Failed to join alliance. Please try again.',
  failedList: 'Failed to load alliances. Please try again.',
} as const;

const allianceIdSchema = z
  .number({ error: AllianceMessages.invalidAllianceId })
  .int(AllianceMessages.invalidAllianceId)
  .positive(AllianceMessages.invalidAllianceId)
  .max(2 ** 31 - 1, AllianceMessages.invalidAllianceId);

const nameSchema = nameText(z.string({ error: AllianceMessages.nameRequired }), 'Alliance name')
  .trim()
  .min(1, AllianceMessages.nameRequired)
  .max(ALLIANCE_NAME_MAX, AllianceMessages.nameTooLong);

function tagSchema(lengthMessage: string) {
  return z
    .string({ error: lengthMessage })
    .transform(normalizeAllianceTag)
    .refine((tag) => tag.length === 3, lengthMessage)
    .refine(isValidAllianceTag, AllianceMessages.tagCharacters);
}

function descriptionSchema(emptyMessage: string) {
  return plainText(z.string({ error: emptyMessage }), 'Description')
    .trim()
    .min(1, emptyMessage)
    .max(ALLIANCE_DESCRIPTION_MAX, AllianceMessages.descriptionTooLong);
}

export const allianceMyQuerySchema = z.strictObject({ hiveUsername: hiveUsernameSchema });

export const createAllianceSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  name: nameSchema,
  tag: tagSchema(AllianceMessages.tagLength),
  icon: z.enum(ALLIANCE_ICON_IDS, { error: AllianceMessages.unknownIcon }),
  description: descriptionSchema(AllianceMessages.descriptionRequired),
});
export type CreateAllianceRequest = z.infer<typeof createAllianceSchema>;

/** An invitation link's token: 192 random bits, base64url. */
const invitationTokenSchema = z
  .string({ error: AllianceMessages.invitationInvalid })
  .regex(/^[A-Za-z0-9_-]{32}$/, AllianceMessages.invitationInvalid);

/** With an invitation a member issued the player joins at once; without, the request waits for the leader. */
export const joinAllianceSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  allianceId: allianceIdSchema,
  inviteToken: invitationTokenSchema.optional(),
});
export type JoinAllianceRequest = z.infer<typeof joinAllianceSchema>;

/** The leader's list of the alliance's open invitations. */
export const allianceInvitationsQuerySchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  allianceId: z.coerce.number({ error: AllianceMessages.invalidAllianceId }).pipe(allianceIdSchema),
});
export type AllianceInvitationsQuery = z.infer<typeof allianceInvitationsQuerySchema>;

export const revokeInvitationSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  allianceId: allianceIdSchema,
  invitationId: z
    .number({ error: AllianceMessages.invalidInvitationId })
    .int(AllianceMessages.invalidInvitationId)
    .positive(AllianceMessages.invalidInvitationId)
    .max(Number.MAX_SAFE_INTEGER, AllianceMessages.invalidInvitationId),
});
export type RevokeInvitationRequest = z.infer<typeof revokeInvitationSchema>;

/** Whether members other than the leader may create invitations (off by default). */
export const invitationSettingsSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  allianceId: allianceIdSchema,
  membersMayInvite: z.boolean({ error: 'membersMayInvite must be true or false.' }),
});
export type InvitationSettingsRequest = z.infer<typeof invitationSettingsSchema>;

export const leaveAllianceSchema = z.strictObject({ hiveUsername: hiveUsernameSchema });

/** disband, expand and invite */
export const allianceActionSchema = z.strictObject({ hiveUsername: hiveUsernameSchema, allianceId: allianceIdSchema });
export type AllianceActionRequest = z.infer<typeof allianceActionSchema>;

export const updateAllianceSchema = z
  .strictObject({
    hiveUsername: hiveUsernameSchema,
    allianceId: allianceIdSchema,
    tag: tagSchema(AllianceMessages.editTagLength).optional(),
    description: descriptionSchema(AllianceMessages.descriptionEmpty).optional(),
  })
  .refine((body) => body.tag !== undefined || body.description !== undefined, AllianceMessages.updateNothing);
export type UpdateAllianceRequest = z.infer<typeof updateAllianceSchema>;

/** accept, reject and kick */
export const allianceMemberActionSchema = z.strictObject({
  leaderUsername: hiveUsernameSchema,
  targetUsername: hiveUsernameSchema,
  allianceId: allianceIdSchema,
});
export type AllianceMemberActionRequest = z.infer<typeof allianceMemberActionSchema>;

export interface PendingRequest {
  hiveUsername: string;
  requestedAt: string;
}

export interface AllianceView {
  id: number;
  name: string;
  tag: string;
  icon: AllianceIcon;
  description: string;
  leader: string;
  /** Usernames, the leader first, then by joining order. */
  members: string[];
  memberCount: number;
  maxMembers: number;
  canExpand: boolean;
  /** RUNIK for one more place; null at the maximum. */
  nextExpansionCost: number | null;
  isLeader: boolean;
  /** Only the leader sees them; empty for everyone else. */
  pendingRequests: PendingRequest[];
  /** Whether the leader lets members create invitations. */
  membersMayInvite: boolean;
  /** Whether the viewer may create an invitation (the leader, or a member when membersMayInvite). */
  canInvite: boolean;
}

export interface MyAllianceResponse {
  success: true;
  alliance: AllianceView | null;
}

export interface AllianceListEntry {
  id: number;
  name: string;
  tag: string;
  icon: AllianceIcon;
  /** How many members it has. */
  members: number;
  maxMembers: number;
  /** Whether the viewer has a pending request to join it. */
  requestPending: boolean;
}

export interface AlliancesResponse {
  success: true;
  alliances: AllianceListEntry[];
}

export interface AllianceActionResponse {
  success: true;
  message: string;
}

export interface JoinAllianceResponse extends AllianceActionResponse {
  autoAccepted: boolean;
}

/** A single-use invitation to the alliance; the link is the client's (`/alliance?invite=<token>&alliance=<id>`). */
export interface AllianceInvitationResponse {
  success: true;
  token: string;
  expiresAt: string;
}

/** An open invitation as the leader sees it (never its token: only its hash is stored). */
export interface OpenInvitation {
  id: number;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface AllianceInvitationsResponse {
  success: true;
  membersMayInvite: boolean;
  /** At most ALLIANCE_OPEN_INVITATIONS_MAX, oldest first. */
  invitations: OpenInvitation[];
}
