import { screen } from '@testing-library/react';
import {
  ApiRoutes,
  AppRoutes,
  type CommanderGearResponse,
  type NextThroneWarResponse,
  type ThroneOccupier,
  type ThroneParticipant,
  type ThroneRally,
  type ThroneStatusResponse,
  type ThroneUserResponse,
  type ThroneWar,
} from '@runik/contract';
import { THRONE_FULL_CONTROL_SECONDS, THRONE_RALLY_GATHER_SECONDS, type Troops } from '@runik/rules';
import { advance } from '../../testing/city-fixtures';
import { gear } from '../../testing/gear-fixtures';
import { installFakeApi, responder, type FakeApi, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { ThroneWarsPage } from './ThroneWarsPage';

// Test data for the Throne Wars specs: alice is in alliance 7 ([OWN] Own Alliance).

export const PLAYER = 'alice';
export const OWN_ALLIANCE = 7;
export const OTHER_ALLIANCE = 9;
export const STATUS_URL = ApiRoutes.throneStatus;
export const TROOPS_URL = ApiRoutes.throneTroops(PLAYER);

const MINUTE = 60_000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

export function troops(infantry: number, archers = 0, cavalries = 0): Troops {
  return { infantry, archers, cavalries };
}

export const AVAILABLE = troops(120, 45, 8);

export function profile(overrides: Partial<ThroneUserResponse> = {}): ThroneUserResponse {
  return {
    hiveUsername: PLAYER,
    allianceId: OWN_ALLIANCE,
    allianceName: 'Own Alliance',
    allianceTag: 'OWN',
    isLeader: false,
    ...overrides,
  };
}

/** A war in its voting phase, closing in a day; `overrides` move it on. */
export function war(overrides: Partial<ThroneWar> = {}): ThroneWar {
  return {
    warDate: '2026-05-15',
    status: 'voting',
    votingPhase: {
      isOpen: true,
      opensAt: inMs(-MINUTE),
      closesAt: inMs(24 * 60 * MINUTE),
      votes: { '1:00': [], '7:00': [], '13:00': [], '19:00': [] },
    },
    battlePhase: { startTime: null, endsAt: inMs(48 * 60 * MINUTE) },
    currentOccupier: null,
    winner: null,
    activeAttacks: [],
    ...overrides,
  };
}

export function occupier(overrides: Partial<ThroneOccupier> = {}): ThroneOccupier {
  return {
    allianceId: OTHER_ALLIANCE,
    allianceName: 'Iron Crown',
    allianceTag: 'IRC',
    occupiedSince: inMs(-5 * MINUTE),
    fullControlMet: false,
    fullControlAt: inMs(THRONE_FULL_CONTROL_SECONDS * 1000 - 5 * MINUTE),
    garrisonedTroops: troops(1200, 300, 40),
    garrisonPower: 19.74,
    ...overrides,
  };
}

/** The battle on, held by `holder` (another alliance by default; null leaves the throne unclaimed). */
export function activeWar(holder: ThroneOccupier | null = occupier(), overrides: Partial<ThroneWar> = {}): ThroneWar {
  return war({
    status: 'active',
    votingPhase: { ...war().votingPhase, isOpen: false },
    battlePhase: { startTime: inMs(-10 * MINUTE), endsAt: inMs(10 * 60 * MINUTE) },
    currentOccupier: holder,
    ...overrides,
  });
}

export function rally(overrides: Partial<ThroneRally> = {}): ThroneRally {
  return {
    type: 'rally',
    status: 'gathering',
    attackId: 11,
    attackerAllianceId: OWN_ALLIANCE,
    attackerAllianceName: 'Own Alliance',
    rallyLeader: 'bob',
    rallyParticipants: [{ hiveUsername: 'bob' }],
    rallyLaunchTime: inMs(THRONE_RALLY_GATHER_SECONDS * 1000),
    ...overrides,
  };
}

export function participant(hiveUsername: string, army: Troops): ThroneParticipant {
  return { hiveUsername, troops: army };
}

export function statusResponse(throneWars: ThroneWar | null): ThroneStatusResponse {
  return {
    throneWars,
    config: { THRONE_FULL_CONTROL: THRONE_FULL_CONTROL_SECONDS, THRONE_RALLY_GATHER: THRONE_RALLY_GATHER_SECONDS },
    serverTime: new Date().toISOString(),
  };
}

export function nextWar(overrides: Partial<NextThroneWarResponse> = {}): NextThroneWarResponse {
  return {
    nextThroneWarDate: '2026-05-31T00:00:00.000Z',
    votingStartsAt: '2026-05-30T00:01:00.000Z',
    votingEndsAt: '2026-05-31T00:00:00.000Z',
    ...overrides,
  };
}

/** Commander gear with the given boosts, in percent, per slot (a slot at 0 is empty). */
export function commanderGear(
  username: string,
  boosts: { infantry?: number; archer?: number; cavalry?: number } = {},
): CommanderGearResponse {
  const slot = (type: 'infantry' | 'archer' | 'cavalry', boost = 0) =>
    boost ? gear(1, type, 'common', { isEquipped: true, stats: { ...gear(1, type).stats, [`${type}AttackBoost`]: boost } }) : null;
  return {
    username,
    equippedGears: {
      infantry: slot('infantry', boosts.infantry),
      archer: slot('archer', boosts.archer),
      cavalry: slot('cavalry', boosts.cavalry),
    },
  };
}

interface OpenOptions {
  throneWar?: ThroneWar | null;
  status?: Responder;
  user?: ThroneUserResponse | Responder;
  available?: Troops;
  next?: NextThroneWarResponse | Responder;
  /** More routes, answered from the first render on (rally details, gear). */
  routes?: (api: FakeApi) => void;
  /** On fake timers: drive the page with fireEvent, findBy* would wait on the faked clock. */
  fakeTimers?: boolean;
}

/** Logs alice in and opens the Throne Wars page; resolves once the status shows (or the page failed). */
export async function openThrone({
  throneWar = war(),
  status,
  user = profile(),
  available = AVAILABLE,
  next = nextWar(),
  routes,
  fakeTimers = false,
}: OpenOptions = {}) {
  const api = installFakeApi()
    .on('GET', STATUS_URL, status ?? responder(statusResponse(throneWar)))
    .on('GET', ApiRoutes.throneUser(PLAYER), responder(user))
    .on('GET', TROOPS_URL, responder({ available }))
    .on('GET', ApiRoutes.throneNextVoting, responder(next))
    .on('GET', ApiRoutes.attackGear(PLAYER), responder(commanderGear(PLAYER)));
  routes?.(api);
  logInAs(PLAYER);
  const rendered = renderWithProviders(<ThroneWarsPage />, AppRoutes.thronewars);
  if (fakeTimers) {
    // The status and the player first, then what the view loads (next war, details, gear); a
    // millisecond each, since the queries' notifications wait on a timer (no countdown moves).
    for (let step = 0; step < 3; step++) await advance(1);
  } else {
    await screen.findByText(/^(Throne Status|Failed to load the throne status)/);
  }
  return { api, ...rendered };
}
