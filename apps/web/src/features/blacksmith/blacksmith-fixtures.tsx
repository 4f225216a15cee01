import { screen } from '@testing-library/react';
import { ApiRoutes, AppRoutes, type Gear, type UpgradePreview, type UserGearsResponse } from '@runik/contract';
import { PLAYER } from '../../testing/city-fixtures';
import { installFakeApi, type FakeApi, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { BlacksmithPage } from './BlacksmithPage';

// Test data and helpers for the Blacksmith specs.

export { gear } from '../../testing/gear-fixtures';
export { PLAYER };

export const GEARS_URL = ApiRoutes.blacksmithGears(PLAYER);
export const PREVIEW_URL = ApiRoutes.upgradePreview(PLAYER);
export const UPGRADE_URL = ApiRoutes.upgrade(PLAYER);

export function ownedGears(gears: Gear[]): UserGearsResponse {
  return { success: true, gears };
}

export function previewOf(overrides: Partial<UpgradePreview> = {}): UpgradePreview {
  return { currentLevel: 1, newLevel: 1, levelIncrease: 0, totalExpGained: 20, willLevelUp: false, validMaterials: [], ...overrides };
}

/** The previews answer with a fixed preview unless a test routes its own. */
export function servePreview(api: FakeApi, preview: UpgradePreview = previewOf()): FakeApi {
  return api.on('POST', PREVIEW_URL, { status: 200, data: { preview } });
}

/**
 * Logs alice in and opens the Blacksmith on a server whose gears the test can change
 * (`setGears`), as an upgrade would; resolves once the gears have loaded (or failed to).
 */
export async function openBlacksmith(initial: Gear[] | Responder) {
  let current = Array.isArray(initial) ? initial : [];
  const api = installFakeApi().on('GET', GEARS_URL, Array.isArray(initial) ? () => ({ status: 200, data: ownedGears(current) }) : initial);
  servePreview(api);
  logInAs(PLAYER);
  const rendered = renderWithProviders(<BlacksmithPage />, AppRoutes.blacksmith);
  if (Array.isArray(initial)) await screen.findByTestId('material-count');
  const setGears = (next: Gear[]) => {
    current = next;
  };
  return { api, setGears, ...rendered };
}

export function card(gearId: number): HTMLElement {
  return screen.getByTestId(`gear-${gearId}`);
}

/** The card ids listed, in order. */
export function listedIds(): number[] {
  return screen.queryAllByTestId(/^gear-\d+$/).map((element) => Number(element.dataset.testid?.slice('gear-'.length)));
}
