import { z } from 'zod';
import { formatCount, MAX_THRONE_TROOPS, THRONE_SLOTS } from '@runik/rules';
import type { ThroneSlot, ThroneStatus } from '@runik/rules';
import { hiveUsernameSchema } from '../common/schemas';
import type { Army } from '../city/city.contract';

/** Throne Wars messages: the spec's verbatim where it gives them (sections 4, 5, 8 and 9), ours otherwise. */
export const ThroneMessages = {
  invalidTroops: `infantry, archers and cavalries must be whole numbers from 0 to ${formatCount(MAX_THRONE_TROOPS)}.`,
  invalidRallyId: 'rallyId must be a whole number of at least 1.',
  invalidSlot: `timeSlot must be one of ${THRONE_SLOTS.join(', ')}.`,
  noWar: 'No Throne War is in progress.',
  votingClosed: 'Voting for the battle time is not open.',
  alreadyVoted: 'Your alliance has already voted for this war.',
  needsAllianceToVote: 'You must be in an alliance to vote!',
  leadersVote: 'Only alliance leaders can vote for battle time!',
  needsAlliance: 'You must be in an alliance to fight for the throne.',
  notActive: 'The battle for the throne is not active.',
  occupierCannotAttack: 'Your alliance holds the throne: garrison your troops instead.',
  occupierCannotRally: 'Your alliance holds the throne: it cannot rally against itself.',
  notOccupier: 'Only the alliance holding the throne can garrison troops.',
  noTroops: 'Choose at least one troop.',
  notEnoughTroops: (unit: string, chosen: number, available: number) =>
    `Not enough ${unit}: ${formatCount(chosen)} chosen, ${formatCount(available)} available.`,
  notEnoughGarrisoned: (unit: string, chosen: number, garrisoned: number) =>
    `Not enough ${unit} in the garrison: ${formatCount(chosen)} chosen, ${formatCount(garrisoned)} garrisoned.`,
  rallyExists: 'Your alliance already has an active rally!',
  rallyTooLate: 'Too late to gather a rally: the battle ends before it could march.',
  rallyNotFound: 'Rally not found.',
  rallyLaunched: 'This rally has already marched.',
  rallyOfAnotherAlliance: 'This rally belongs to another alliance.',
  alreadyInRally: 'You have already joined this rally.',
  notInRally: 'You are not part of this rally.',
  creatorCannotWithdraw: 'The rally creator cannot withdraw: disband the rally instead.',
  onlyCreatorDisbands: 'Only the rally creator can disband it.',
  garrisonHidden: 'Only the alliance holding the throne can see its garrison.',
  // Success texts (section 8).
  withdrew: 'Successfully withdrew from rally!',
  disbanded: 'Rally disbanded successfully!',
  garrisoned: 'Troops garrisoned successfully!',
  attacked: (winner: string) => `Attack successful! Winner: ${winner}`,
  rallyCreated: (rallyId: number) => `Rally created successfully! ID: ${rallyId}`,
  joined: 'Successfully joined rally!',
  recalled: 'Troops recalled successfully!',
  voted: (slot: string) => `Vote recorded for ${slot} UTC!`,
  // Client texts (sections 5, 8 and 9).
  withdrawFailed: 'Failed to withdraw from rally',
  disbandFailed: 'Failed to disband rally',
  garrisonFailed: 'Garrison failed',
  attackFailed: 'Attack failed',
  rallyCreateFailed: 'Rally creation failed',
  joinFailed: 'Failed to join rally',
  recallFailed: 'Recall failed',
  voteFailed: 'Vote failed',
  rallyDetailsFailed: 'Failed to fetch rally details',
  garrisonDetailsFailed: 'Failed to fetch garrison details',
  alreadyVotedButton: 'Alliance Already Voted',
  confirmDisband: 'Are you sure you want to disband this rally? All troops will be returned to participants.',
  startingSoon: 'Starting soon...',
  votingStarted: 'Voting has started!',
  fullControlAchieved: 'Full Control Achieved',
  noneScheduled: 'No Throne War is currently scheduled.',
} as const;

const troopCount = z
  .number({ error: ThroneMessages.invalidTroops })
  .int(ThroneMessages.invalidTroops)
  .min(0, ThroneMessages.invalidTroops)
  .max(MAX_THRONE_TROOPS, ThroneMessages.invalidTroops);
const troopFields = { infantry: troopCount, archers: troopCount, cavalries: troopCount };
const rallyId = z
  .number({ error: ThroneMessages.invalidRallyId })
  .int(ThroneMessages.invalidRallyId)
  .min(1, ThroneMessages.invalidRallyId)
  .max(2_147_483_647, ThroneMessages.invalidRallyId);

export const throneUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const throneAttackIdParamsSchema = z.strictObject({
  attackId: z
    .string({ error: ThroneMessages.invalidRallyId })
    .regex(/^[1-9]\d{0,8}$/, ThroneMessages.invalidRallyId)
    .transform(Number),
});
/** Garrison, recall, solo attack and rally creation: the troops to commit. */
export const throneTroopsSchema = z.strictObject({ hiveUsername: hiveUsernameSchema, ...troopFields });
export type ThroneTroopsRequest = z.infer<typeof throneTroopsSchema>;
export const throneRallyJoinSchema = z.strictObject({ hiveUsername: hiveUsernameSchema, rallyId, ...troopFields });
export type ThroneRallyJoinRequest = z.infer<typeof throneRallyJoinSchema>;
export const throneRallySchema = z.strictObject({ hiveUsername: hiveUsernameSchema, rallyId });
export type ThroneRallyRequest = z.infer<typeof throneRallySchema>;
export const throneVoteSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  timeSlot: z.enum(THRONE_SLOTS, { error: ThroneMessages.invalidSlot }),
});
export type ThroneVoteRequest = z.infer<typeof throneVoteSchema>;

export interface ThroneVoteEntry {
  allianceId: number;
  allianceName: string;
  allianceTag: string;
  votedAt: string;
}

export interface ThroneOccupier {
  allianceId: number;
  allianceName: string;
  allianceTag: string;
  occupiedSince: string;
  fullControlMet: boolean;
  /** When full control is (or was) reached if nobody takes the throne first. */
  fullControlAt: string;
  garrisonedTroops: Army;
  /**
   * The garrison's power with each owner's commander gear, on `armyPower`'s scale (issue 36): the throne has no
   * luck, so an attack whose power (its troops' `armyPower`, gear included) is greater takes it, and a tie holds.
   */
  garrisonPower: number;
}

export interface ThroneWinner {
  allianceName: string;
  allianceTag: string;
  /** The winning alliance's leader at the end of the war: the king. */
  leaderName: string | null;
  wonAt: string;
}

/** A rally gathering against the throne. */
export interface ThroneRally {
  type: 'rally';
  status: 'gathering';
  attackId: number;
  attackerAllianceId: number;
  attackerAllianceName: string;
  rallyLeader: string;
  rallyParticipants: { hiveUsername: string }[];
  rallyLaunchTime: string;
}

export interface ThroneWar {
  /** yyyy-MM-dd, UTC. */
  warDate: string;
  status: ThroneStatus;
  votingPhase: { isOpen: boolean; opensAt: string; closesAt: string; votes: Record<ThroneSlot, ThroneVoteEntry[]> };
  /** startTime is set when voting closes; the battle ends at endsAt at the latest. */
  battlePhase: { startTime: string | null; endsAt: string };
  currentOccupier: ThroneOccupier | null;
  winner: ThroneWinner | null;
  /** Every rally gathering now (empty once the war is completed). */
  activeAttacks: ThroneRally[];
}

export interface ThroneStatusResponse {
  /** The latest war whose voting has opened; null before the first one. */
  throneWars: ThroneWar | null;
  config: { THRONE_FULL_CONTROL: number; THRONE_RALLY_GATHER: number };
  serverTime: string;
}

export interface ThroneTroopsResponse {
  available: Army;
}

export interface ThroneUserResponse {
  hiveUsername: string;
  allianceId: number | null;
  allianceName: string | null;
  allianceTag: string | null;
  isLeader: boolean;
}

export interface NextThroneWarResponse {
  /** 00:00 UTC on the next war day (after the current war completes). */
  nextThroneWarDate: string;
  votingStartsAt: string;
  votingEndsAt: string;
}

export interface ThroneParticipant {
  hiveUsername: string;
  troops: Army;
}

export interface ThroneParticipantsResponse {
  participants: ThroneParticipant[];
}

export interface ThroneActionResponse {
  success: true;
  message: string;
}

export interface ThroneAttackResponse extends ThroneActionResponse {
  result: {
    /** Ours, beside the spec's fields: the battle's report is the `throne` report of this id (a solo attack always fights). */
    battleId: number;
    /** The name of the winning side's alliance. */
    winner: string;
    outcome: 'attacker' | 'defender';
    /** Power points, 3 decimals. */
    attackerPower: number;
    defenderPower: number;
    /** The caller's committed troops: what died, was injured (Sanctum) and now holds the throne. */
    dead: Army;
    injured: Army;
    survivors: Army;
  };
}

export interface ThroneRallyCreateResponse extends ThroneActionResponse {
  rallyId: number;
  rallyLaunchTime: string;
}

export interface ThroneVoteResponse extends ThroneActionResponse {
  timeSlot: ThroneSlot;
}
