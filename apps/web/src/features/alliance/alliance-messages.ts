import { ALLIANCE_CREATION_FEE, formatRunikBriefDecimal } from '@runik/rules';

/** Alliance prices are whole RUNIK, shown as every RUNIK amount is: 25,000.000. */

/** The page's own texts; the contract's AllianceMessages carry the spec's and the server's. */
export const AllianceTexts = {
  logIn: 'Please log in to see your alliance.',
  loading: 'Loading alliance...',
  loadFailed: (message: string) => `Failed to load your alliance: ${message}`,
  loadingList: 'Loading alliances...',
  noAlliances: 'No alliances yet. Create the first one!',
  noRequests: 'No pending requests.',
  fullForRequests: 'The alliance is full: expand its capacity or remove a member to accept a request.',
  creationCost: `Cost: ${formatRunikBriefDecimal(ALLIANCE_CREATION_FEE)} RUNIK`,
  expansionCost: (cost: number) => `+1 member for ${formatRunikBriefDecimal(cost)} RUNIK`,
  inviteHelp: 'A link lets one player join at once, without the leader. It works once, for 7 days.',
  noOpenInvitations: 'No open invitations.',
  membersMayInviteLabel: 'Members may create invitations',
  invitationRow: (createdBy: string, expiresAt: string) => `By ${createdBy}, valid until ${new Date(expiresAt).toLocaleString()}`,
  inviteFailed: 'Failed to create an invitation. Please try again.',
  inviteValidUntil: (expiresAt: string) => `Valid until ${new Date(expiresAt).toLocaleString()}.`,
  invited: (alliance: string | undefined) => (alliance ? `You were invited to join ${alliance}.` : 'You were invited to join an alliance.'),
} as const;

/** The questions asked before actions that cannot be undone. */
export const AllianceConfirms = {
  leave: (alliance: string) => `Leave ${alliance}?`,
  // Members are listed leader first, then by joining order: the next one is the longest-standing.
  leaveAsLeader: (alliance: string, successor: string | undefined) =>
    successor
      ? `Leave ${alliance}? As its leader, you hand leadership to ${successor}, its longest-standing member.`
      : `Leave ${alliance}? You are its only member, so it will be disbanded.`,
  kick: (member: string, alliance: string) => `Kick ${member} from ${alliance}?`,
  disband: (alliance: string) => `Disband ${alliance}? Every member will be removed. This cannot be undone.`,
  // Big spends say what is lost (issue 35); the fees are never refunded (docs/decisions.md).
  create: (name: string, tag: string) =>
    `Create ${name} [${tag}] for ${formatRunikBriefDecimal(ALLIANCE_CREATION_FEE)} RUNIK? The fee is spent for good: disbanding or leaving gives none of it back.`,
  expand: (cost: number, maxMembers: number) =>
    `Spend ${formatRunikBriefDecimal(cost)} RUNIK to raise the capacity to ${maxMembers} members?`,
} as const;
