import { ThroneMessages, type ThroneRally, type ThroneUserResponse, type ThroneWar } from '@runik/contract';
import { THRONE_SLOTS } from '@runik/rules';

/** What the player may do in the current war (spec section 6). */
export interface ThroneRole {
  username: string;
  allianceId: number | null;
  /** The player's alliance holds the throne in the active battle. */
  isOccupier: boolean;
  /** Troops may be committed: an alliance and an active throne not yet fully controlled (spec section 5). */
  canFight: boolean;
}

export function throneRole(war: ThroneWar | null, profile: ThroneUserResponse): ThroneRole {
  const active = war?.status === 'active';
  const allianceId = profile.allianceId;
  const occupier = war?.currentOccupier ?? null;
  return {
    username: profile.hiveUsername,
    allianceId,
    isOccupier: active && allianceId !== null && occupier?.allianceId === allianceId,
    canFight: active && allianceId !== null && !occupier?.fullControlMet,
  };
}

/** What stands for the vote button while voting is open (spec section 5): the button for leaders, a hint for others. */
export type VoteControl = { kind: 'none' } | { kind: 'hint'; text: string } | { kind: 'button'; alreadyVoted: boolean };

export function voteControl(war: ThroneWar | null, profile: ThroneUserResponse): VoteControl {
  if (war?.status !== 'voting' || !war.votingPhase.isOpen) return { kind: 'none' };
  const allianceId = profile.allianceId;
  if (allianceId === null) return { kind: 'hint', text: ThroneMessages.needsAllianceToVote };
  if (!profile.isLeader) return { kind: 'hint', text: ThroneMessages.leadersVote };
  // Decided by whether the alliance appears in any slot's votes (spec section 4).
  const alreadyVoted = THRONE_SLOTS.some((slot) => war.votingPhase.votes[slot].some((vote) => vote.allianceId === allianceId));
  return { kind: 'button', alreadyVoted };
}

/** The player's part in a rally: its creator disbands, other participants withdraw, others join. */
export type RallyRole = 'creator' | 'participant' | 'outsider';

export function rallyRole(rally: ThroneRally, username: string): RallyRole {
  if (rally.rallyLeader === username) return 'creator';
  return rally.rallyParticipants.some((participant) => participant.hiveUsername === username) ? 'participant' : 'outsider';
}

/** The rallies of the player's own alliance ("Active Alliance Rallies"). */
export function allianceRallies(war: ThroneWar | null, allianceId: number | null): ThroneRally[] {
  if (!war || allianceId === null) return [];
  return war.activeAttacks.filter((rally) => rally.attackerAllianceId === allianceId);
}
