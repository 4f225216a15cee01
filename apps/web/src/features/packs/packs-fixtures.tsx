import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  ApiRoutes,
  AppRoutes,
  type Gear,
  type PackInfoResponse,
  type PackOpenResponse,
  type PackPurchaseStatusResponse,
  type PendingPackPurchaseResponse,
} from '@runik/contract';
import type { GearRarity, GearType } from '@runik/rules';
import { advance } from '../../testing/city-fixtures';
import { gear as baseGear } from '../../testing/gear-fixtures';
import { installFakeApi, responder, type Responder } from '../../testing/fake-api';

export { responder, serveInTurn } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { PacksPage } from './PacksPage';

// Test data for the Pack store's specs.

export const PLAYER = 'alice';
export const INFO_URL = ApiRoutes.packInfo(PLAYER);
export const PENDING_URL = ApiRoutes.packPendingStatus(PLAYER);

export function packInfo(overrides: Partial<PackInfoResponse> = {}): PackInfoResponse {
  return {
    prices: { runik: { single: 10, bulk: 100 }, hive: { single: 1, bulk: 10 } },
    canAfford: { runik: { single: true, bulk: true }, hive: { single: true, bulk: true } },
    userRunikPackCount: 7,
    userHivePackCount: 4,
    tier: 2,
    balance: { hive: 12.5, runik: 250.25 },
    ...overrides,
  };
}

/** A gear out of a pack, at the pack's level. */
export function gear(gearId: number, type: GearType = 'wheat', rarity: GearRarity = 'common', level = 2): Gear {
  return baseGear(gearId, type, rarity, { level });
}

export function opened(packPurchaseId: number, gears: Gear[], seed = 123456789, tier = 2): PackOpenResponse {
  return { packPurchaseId, packCount: gears.length, seed, tier, gears };
}

export function purchaseStatus(
  packPurchaseId: number,
  status: PackPurchaseStatusResponse['status'],
  overrides: Partial<PackPurchaseStatusResponse> = {},
): PackPurchaseStatusResponse {
  return {
    packPurchaseId,
    status,
    packCount: 1,
    currency: 'hive',
    opened: false,
    error: null,
    seenOnChain: status === 'confirmed',
    awaitingHiveEngine: false,
    ...overrides,
  };
}

export const NO_PENDING: PendingPackPurchaseResponse = { hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [] };

interface OpenOptions {
  info?: PackInfoResponse | Responder;
  pending?: PendingPackPurchaseResponse | Responder;
  /** On fake timers: drive the page with fireEvent, findBy* would wait on the faked clock. */
  fakeTimers?: boolean;
}

export function renderPacks() {
  return renderWithProviders(<PacksPage />, AppRoutes.packs);
}

/** Logs alice in and opens the Pack store; resolves once the pack info has loaded (or failed to). */
export async function openPacks({ info = packInfo(), pending = NO_PENDING, fakeTimers = false }: OpenOptions = {}) {
  const api = installFakeApi().on('GET', INFO_URL, responder(info)).on('GET', PENDING_URL, responder(pending));
  logInAs(PLAYER);
  const rendered = renderPacks();
  if (fakeTimers) {
    await advance(0);
    await advance(0);
  } else {
    await waitFor(() => expect(screen.queryByText('Loading pack info...')).not.toBeInTheDocument());
  }
  return { api, ...rendered };
}

export function buyButton(name: string): HTMLElement {
  return screen.getByRole('button', { name });
}

export function openingDialog(): HTMLElement {
  return screen.getByRole('dialog', { name: 'Pack Opening' });
}

/** The revealed cards, in order. */
export function revealedCards(): HTMLElement[] {
  return within(openingDialog()).queryAllByTestId(/^revealed-gear-/);
}

export function feedback(): HTMLElement {
  return screen.getByTestId('pack-feedback');
}
