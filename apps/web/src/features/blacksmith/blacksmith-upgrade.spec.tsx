import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { AppRoutes, GearMessages, type UpgradeResult } from '@runik/contract';
import { cityKeys } from '../../shared/query-keys';
import { answerConfirmation, openConfirmation } from '../../testing/dialogs';
import { installFakeApi, serveInTurn, type FakeResponse, type Responder } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { PREVIEW_DEBOUNCE_MS } from './blacksmith-api';
import { BlacksmithPage } from './BlacksmithPage';
import { card, gear, GEARS_URL, openBlacksmith, ownedGears, PLAYER, PREVIEW_URL, previewOf, UPGRADE_URL } from './blacksmith-fixtures';

const networkError: Responder = () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
const targetButton = (gearId: number) => within(card(gearId)).getByRole('button', { name: 'Select as target' });
const materialButton = (gearId: number) => within(card(gearId)).getByRole('button', { name: 'Use as material' });
const upgradeButton = () => screen.getByRole('button', { name: 'Upgrade Gear' });

/** Waits longer than the preview debounce, letting any late request show. */
async function pastDebounce() {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 400)));
}

const GEARS = [gear(1, 'wheat', 'rare'), gear(2), gear(3), gear(4, 'stone', 'epic')];

describe('the upgrade preview', () => {
  it('is asked once the selection settles, and shows the level change, experience and materials', async () => {
    const { api, user } = await openBlacksmith(GEARS);
    api.on('POST', PREVIEW_URL, {
      status: 200,
      data: {
        preview: previewOf({
          currentLevel: 1,
          newLevel: 2,
          levelIncrease: 1,
          totalExpGained: 140,
          willLevelUp: true,
          validMaterials: [
            { gearId: 2, name: 'Common Wheat Gear Lv.1', expValue: 20 },
            { gearId: 3, name: 'Common Wheat Gear Lv.1', expValue: 20 },
            { gearId: 4, name: 'Epic Stone Gear Lv.1', expValue: 100 },
          ],
        }),
      },
    });
    await user.click(targetButton(1));
    // Each material click's start and end: the selection changes somewhere inside the click.
    const clicks: { start: number; end: number }[] = [];
    for (const material of [2, 3, 4]) {
      const start = performance.now();
      await user.click(materialButton(material));
      clicks.push({ start, end: performance.now() });
    }

    const preview = await screen.findByTestId('upgrade-preview');
    expect(within(preview).getByTestId('preview-levels')).toHaveTextContent('1 2 (+1)');
    expect(within(within(preview).getByTestId('preview-levels')).getByRole('img', { name: 'to' })).toBeInTheDocument();
    expect(within(preview).getByTestId('preview-exp')).toHaveTextContent('140');
    expect(within(preview).getByTestId('preview-level-up')).toHaveTextContent('Yes');
    expect(
      within(preview)
        .getAllByTestId('preview-material')
        .map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ['Common Wheat Gear Lv.1', '20 EXP'],
      ['Common Wheat Gear Lv.1', '20 EXP'],
      ['Epic Stone Gear Lv.1', '100 EXP'],
    ]);
    // The quick clicks were debounced into one request, for the whole selection. A loaded machine may take
    // longer than the debounce between two clicks: a selection that stayed the same that long is asked for
    // (the product's rule), so the requests are then the selections that settled, the whole one last.
    await pastDebounce();
    const requests = api.callsTo(PREVIEW_URL).map((request) => request.body);
    const mayHaveSettled = clicks.slice(1).some((click, index) => click.end - clicks[index].start >= PREVIEW_DEBOUNCE_MS);
    if (!mayHaveSettled) expect(requests).toEqual([{ gearId: 1, materialIds: [2, 3, 4] }]);
    expect(requests.at(-1)).toEqual({ gearId: 1, materialIds: [2, 3, 4] });
    expect([[2], [2, 3]]).toEqual(
      expect.arrayContaining(requests.slice(0, -1).map((request) => (request as { materialIds: number[] }).materialIds)),
    );
  });

  it('is asked again when the selection changes, and not without a material', async () => {
    const { api, user } = await openBlacksmith(GEARS);
    await user.click(targetButton(1));
    await pastDebounce();
    expect(api.callsTo(PREVIEW_URL)).toEqual([]);

    await user.click(materialButton(2));
    await waitFor(() => expect(api.callsTo(PREVIEW_URL)).toHaveLength(1));
    await user.click(materialButton(4));
    await waitFor(() => expect(api.callsTo(PREVIEW_URL)).toHaveLength(2));
    await user.click(targetButton(3));
    await waitFor(() => expect(api.callsTo(PREVIEW_URL)).toHaveLength(3));
    expect(api.callsTo(PREVIEW_URL).map((request) => request.body)).toEqual([
      { gearId: 1, materialIds: [2] },
      { gearId: 1, materialIds: [2, 4] },
      { gearId: 3, materialIds: [2, 4] },
    ]);
  });

  it("shows the server's refusal of a preview", async () => {
    const { api, user } = await openBlacksmith(GEARS);
    api.on('POST', PREVIEW_URL, { status: 400, data: { error: GearMessages.materialEquipped } });
    await user.click(targetButton(1));
    await user.click(materialButton(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(GearMessages.materialEquipped);
  });
});

describe('the upgrade', () => {
  it('posts the target and materials, says so, clears the selection and reloads the gears', async () => {
    const { api, user, setGears, queryClient } = await openBlacksmith(GEARS);
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    const upgraded = gear(1, 'wheat', 'rare', { level: 3, currentExp: 20 });
    api.on('POST', UPGRADE_URL, () => {
      setGears([upgraded, GEARS[3]]);
      return { status: 200, data: { success: true, message: GearMessages.upgraded, gear: upgraded } satisfies UpgradeResult };
    });

    await user.click(targetButton(1));
    await user.click(materialButton(2));
    await user.click(materialButton(3));
    await user.click(upgradeButton());
    // Common and Rare materials go without asking.
    expect(openConfirmation()).toBeNull();

    expect(await screen.findByTestId('upgrade-success')).toHaveTextContent('Gear Upgraded Successfully!');
    expect(api.callsTo(UPGRADE_URL).map((request) => request.body)).toEqual([{ gearId: 1, materialIds: [2, 3] }]);
    expect(api.callsTo(GEARS_URL)).toHaveLength(2);
    // Cleared: no target, no materials, nothing to upgrade.
    expect(screen.getByTestId('material-count')).toHaveTextContent('0 / 10');
    expect(screen.getByText('Choose a gear to upgrade.')).toBeInTheDocument();
    expect(targetButton(1)).toHaveAttribute('aria-pressed', 'false');
    expect(upgradeButton()).toBeDisabled();
    // Reloaded: the target levelled up, the materials are gone.
    expect(within(card(1)).getByTestId('gear-name')).toHaveTextContent('Rare Wheat Gear Lv.3');
    expect(screen.queryByTestId('gear-2')).not.toBeInTheDocument();
    expect(screen.queryByTestId('gear-3')).not.toBeInTheDocument();
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
  });

  it('asks before consuming any gear above Common (a Rare too), naming it, and sends nothing when declined', async () => {
    const { api, user } = await openBlacksmith([...GEARS, gear(5, 'ore', 'mythical'), gear(6, 'lumber', 'rare')]);
    api.on('POST', UPGRADE_URL, () => new Promise<FakeResponse>(() => undefined));
    await user.click(targetButton(1));
    await user.click(materialButton(2));
    await user.click(materialButton(4));
    await user.click(materialButton(5));
    await user.click(materialButton(6));

    await user.click(upgradeButton());
    expect(await answerConfirmation(false)).toBe(
      'This upgrade consumes Epic Stone Gear Lv.1, Mythical Ore Gear Lv.1, Rare Lumber Gear Lv.1. Consumed gear is gone for good. Upgrade anyway?',
    );
    expect(api.callsTo(UPGRADE_URL)).toHaveLength(0);
    expect(screen.getByTestId('material-count')).toHaveTextContent('4 / 10');

    await user.click(upgradeButton());
    await answerConfirmation(true);
    expect(api.callsTo(UPGRADE_URL).map((request) => request.body)).toEqual([{ gearId: 1, materialIds: [2, 4, 5, 6] }]);
  });

  it('cannot be sent twice while under way', async () => {
    const { api, user } = await openBlacksmith(GEARS);
    api.on('POST', UPGRADE_URL, () => new Promise<FakeResponse>(() => undefined));
    await user.click(targetButton(1));
    await user.click(materialButton(2));
    await user.click(upgradeButton());
    expect(upgradeButton()).toBeDisabled();
    expect(materialButton(3)).toBeDisabled();
    expect(api.callsTo(UPGRADE_URL)).toHaveLength(1);
  });

  it.each([
    ["the server's message", { status: 400, data: { error: GearMessages.maxLevel } }, GearMessages.maxLevel],
    ['the fallback', { status: 500 }, 'Upgrade failed'],
    ['the network error', networkError, 'Error executing upgrade'],
  ] as [string, Responder, string][])('shows %s when the upgrade fails, keeping the selection', async (_case, responder, message) => {
    const { api, user } = await openBlacksmith(GEARS);
    api.on('POST', UPGRADE_URL, responder);
    await user.click(targetButton(1));
    await user.click(materialButton(2));
    await user.click(upgradeButton());

    expect(await screen.findByTestId('upgrade-error')).toHaveTextContent(message);
    expect(screen.queryByTestId('upgrade-success')).not.toBeInTheDocument();
    expect(screen.getByTestId('material-count')).toHaveTextContent('1 / 10');
    expect(upgradeButton()).toBeEnabled();
  });
});

describe('loading the gears', () => {
  it.each([
    ['the fallback', { status: 500 }, 'Failed to load gears'],
    ["the server's message", { status: 403, data: { error: 'Forbidden.' } }, 'Forbidden.'],
    ['the network error', networkError, 'Error loading gears'],
  ] as [string, Responder, string][])('shows %s when the gears fail to load', async (_case, responder, message) => {
    await openBlacksmith(responder);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('loads the gears again from Try again after a failed load', async () => {
    const { api } = await openBlacksmith({ status: 500 });
    serveInTurn(api, 'GET', GEARS_URL, ownedGears(GEARS));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('gear-1')).toBeInTheDocument();
    expect(api.callsTo(GEARS_URL)).toHaveLength(2);
  });

  it('sends the bearer token', async () => {
    const { api } = await openBlacksmith(GEARS);
    expect(api.callsTo(GEARS_URL).map((request) => request.authorization)).toEqual([null]);
  });

  it('asks a logged-out visitor to log in, without calling the server', () => {
    const api = installFakeApi();
    renderWithProviders(<BlacksmithPage />, AppRoutes.blacksmith);
    expect(screen.getByText('Please log in to use the blacksmith.')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
