import type { Page } from 'playwright-core';
import { toThousandths } from '@runik/rules';
import { ApiRoutes } from '@runik/contract';
import type { Gear, UserGearsResponse } from '@runik/contract';
import { BROWSER_API_PORT, BROWSER_SIM_PORT, BrowserStack, eventually, logIn, startBrowserStack, withPage } from '../support/browser';
import { cityOf, CityPlayer, grant, newCityPlayer } from '../support/city';

/**
 * Gear in Chromium against the real stack: a pack bought with RUNIK and opened, a gear equipped,
 * a gear upgraded at the blacksmith. Its own ports (thirty above the defaults), so Jest may run it
 * beside the other browser files.
 */
const API_PORT = Number(process.env.E2E_GEAR_API_PORT ?? BROWSER_API_PORT + 30);
const SIM_PORT = Number(process.env.E2E_GEAR_SIM_PORT ?? BROWSER_SIM_PORT + 30);

const TEST_TIMEOUT_MS = 120_000;
jest.setTimeout(TEST_TIMEOUT_MS);

let browserStack: BrowserStack;

beforeAll(async () => {
  browserStack = await startBrowserStack({
    apiPort: API_PORT,
    simPort: SIM_PORT,
    apiPortVariable: 'E2E_GEAR_API_PORT',
    simPortVariable: 'E2E_GEAR_SIM_PORT',
    buildWebApp: true,
  });
}, 120_000);

afterAll(async () => {
  await browserStack?.close();
});

async function gearsOf(player: CityPlayer): Promise<Gear[]> {
  return (await player.api.get<UserGearsResponse>(ApiRoutes.blacksmithGears(player.username))).data.gears;
}

async function goTo(page: Page, path: string): Promise<void> {
  await page.goto(`${browserStack.baseUrl}${path}`);
}

it(
  'a player buys ten packs with RUNIK, opens them, equips a gear and upgrades another at the blacksmith',
  () =>
    withPage(browserStack, expect.getState().currentTestName!, async (page) => {
      const player = await newCityPlayer(browserStack.stack, 'gear');
      await grant(browserStack.stack, player, 'runik', toThousandths(100));
      await logIn(page, browserStack.baseUrl, player.username);

      await goTo(page, '/packs');
      await page.getByRole('button', { name: 'Buy 10 Packs (RUNIK)' }).click();
      const opening = page.getByRole('dialog', { name: 'Pack Opening' });
      await opening.getByRole('button', { name: 'Skip' }).click();
      await eventually(async () => expect(await opening.getByTestId(/^revealed-gear-/).count()).toBe(10));
      await opening.getByRole('button', { name: 'Close' }).click();
      const gears = await gearsOf(player);
      expect(gears).toHaveLength(10);
      expect((await cityOf(player)).resources.runik).toBe(0);

      const [equipped, target, ...materials] = gears;
      await goTo(page, '/gears');
      await page.getByTestId(`slot-${equipped.type}`).getByRole('button', { name: /slot$/ }).click();
      const picker = page.getByTestId('equip-picker');
      await picker.getByTestId(`gear-${equipped.gearId}`).getByRole('button', { name: 'Equip' }).click();
      await page.getByTestId(`slot-${equipped.type}`).getByRole('button', { name: 'Unequip' }).waitFor();
      expect((await gearsOf(player)).find((gear) => gear.gearId === equipped.gearId)?.isEquipped).toBe(true);

      await goTo(page, '/blacksmith');
      await page.getByTestId(`gear-${target.gearId}`).getByRole('button', { name: 'Select as target' }).click();
      for (const material of materials.slice(0, 2)) {
        await page.getByTestId(`gear-${material.gearId}`).getByRole('button', { name: 'Use as material' }).click();
      }
      await page.getByTestId('upgrade-preview').waitFor();
      await page.getByRole('button', { name: 'Upgrade Gear' }).click();
      await page.getByText('Gear Upgraded Successfully!').waitFor();

      const after = await gearsOf(player);
      expect(after).toHaveLength(8);
      const upgraded = after.find((gear) => gear.gearId === target.gearId)!;
      // Two materials give at least 40 experience: more experience, or a level gained.
      expect(upgraded.level > target.level || upgraded.currentExp > target.currentExp).toBe(true);
    }),
  TEST_TIMEOUT_MS,
);
