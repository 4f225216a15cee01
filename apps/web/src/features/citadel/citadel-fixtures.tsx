import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  ApiRoutes,
  AppRoutes,
  CitadelMessages,
  type CitadelUserResponse,
  type FloorParticipant,
  type FloorResponse,
} from '@runik/contract';
import { bossImage, bossReward } from '@runik/rules';
import { advance } from '../../testing/city-fixtures';
import { installFakeApi, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { CitadelPage } from './CitadelPage';
import { CitadelTexts } from './citadel-texts';

// Test data for the Abyssal Citadel specs.

export const PLAYER = 'alice';
export const PROGRESS_URL = ApiRoutes.citadelUser(PLAYER);

export function progress(overrides: Partial<CitadelUserResponse> = {}): CitadelUserResponse {
  return {
    globalCurrentFloor: 3,
    todayAttackCount: 2,
    // Six hours ahead of the (possibly faked) clock, so no reset falls due during a test.
    nextResetAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    user: { armyPower: 12.5, army: { infantry: 120, archers: 45, cavalries: 8 } },
    totalStats: { totalDamageDealt: 345.678 },
    pendingRewards: 1.25,
    // 12.5 power points a hit against the floor's 100 left: 8 hits.
    preview: {
      damagePerHit: 12.5,
      bossHpLeft: 100,
      hitsToDefeat: 8,
      nextHitCasualties: { dead: { infantry: 2, archers: 1, cavalries: 1 }, injured: { infantry: 4, archers: 2, cavalries: 1 } },
    },
    ...overrides,
  };
}

export function participant(hiveUsername: string, totalDamage: number, damagePercentage: number, attackCount = 1): FloorParticipant {
  return { hiveUsername, totalDamage, damagePercentage, attackCount };
}

/** A floor as the server answers it: the ranking is sorted by damage and its top three derived from it. */
export function floorResponse(floor: number, overrides: Partial<FloorResponse> = {}): FloorResponse {
  const allParticipants = overrides.allParticipants ?? [participant('bob', 30, 60, 3), participant(PLAYER, 20, 40, 2)];
  return {
    floor,
    status: 'current',
    isDefeated: false,
    currentHp: 50,
    maxHp: 100,
    healthPercentage: 50,
    reward: bossReward(floor) / 1000,
    bossImage: bossImage(floor),
    totalParticipants: allParticipants.length,
    topThreeDealers: allParticipants.slice(0, 3),
    allParticipants,
    ...overrides,
  };
}

export function defeatedFloor(floor: number, overrides: Partial<FloorResponse> = {}): FloorResponse {
  return floorResponse(floor, { status: 'defeated', isDefeated: true, currentHp: 0, healthPercentage: 0, ...overrides });
}

/** The 403 of a floor above the global current floor. */
export const LOCKED: Responder = { status: 403, data: { error: CitadelMessages.floorLocked } };

/** A body answered with 200, or a responder as it is (a floor's own `status` is a word, a response's a number). */
export function responder(value: object): Responder {
  const isResponder = typeof value === 'function' || ('status' in value && typeof value.status === 'number');
  return isResponder ? (value as Responder) : { status: 200, data: value };
}

interface OpenOptions {
  progress?: CitadelUserResponse | Responder;
  /** Floor responses by floor number; a floor left out answers 404. */
  floors?: Record<number, FloorResponse | Responder>;
  /** On fake timers: drive the page with fireEvent, findBy* would wait on the faked clock. */
  fakeTimers?: boolean;
}

/** Logs alice in and opens the citadel; resolves once the progress and the first floor have loaded (or failed to). */
export async function openCitadel({ progress: user = progress(), floors = { 3: floorResponse(3) }, fakeTimers = false }: OpenOptions = {}) {
  const api = installFakeApi().on('GET', PROGRESS_URL, responder(user));
  for (const [floor, response] of Object.entries(floors)) api.on('GET', ApiRoutes.citadelFloor(Number(floor)), responder(response));
  logInAs(PLAYER);
  const rendered = renderWithProviders(<CitadelPage />, AppRoutes.abyssalcitadel);
  if (fakeTimers) {
    await advance(0);
    await advance(0);
  } else {
    await waitFor(() => {
      expect(screen.queryByText(CitadelTexts.loadingProgress)).not.toBeInTheDocument();
      expect(screen.queryByText(CitadelTexts.loadingFloor)).not.toBeInTheDocument();
    });
  }
  return { api, ...rendered };
}

/** The GET requests the page made, in order. */
export function getUrls(api: { requests: { method: string; url: string }[] }): string[] {
  return api.requests.filter((request) => request.method === 'GET').map((request) => request.url);
}
