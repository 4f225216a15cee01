import { GEAR_RARITIES, toThousandths } from '@runik/rules';
import { ApiRoutes } from '@runik/contract';
import type { Gear, UserGearsResponse } from '@runik/contract';
import { acceptDialogs, confirmGameDialog, eventually } from '../support/browser';
import { cityOf, CityPlayer, grant, newCityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Gear in Chromium against the real stack: a pack bought with RUNIK and opened, a gear equipped,
 * a gear upgraded at the blacksmith. On its Jest worker's shared stack (its player is its own).
 */
const browser = useSharedBrowserStack();

async function gearsOf(player: CityPlayer): Promise<Gear[]> {
  return (await player.api.get<UserGearsResponse>(ApiRoutes.blacksmithGears(player.username))).data.gears;
}

browser.test('a player buys ten packs with RUNIK, opens them, equips a gear and upgrades another at the blacksmith', async (page) => {
  const player = await newCityPlayer(browser.current().stack, 'gear');
  await grant(browser.current().stack, player, 'runik', toThousandths(100));
  const dialogs = acceptDialogs(page);
  await browser.openAs(page, player.username, '/packs');
  await page.getByRole('button', { name: 'Buy 10 Packs (RUNIK)' }).click();
  expect(await confirmGameDialog(page)).toMatch(/^Buy 10 Packs for .+ RUNIK\?$/);
  const opening = page.getByRole('dialog', { name: 'Pack Opening' });
  await opening.getByRole('button', { name: 'Skip' }).click();
  await eventually(async () => expect(await opening.getByTestId(/^revealed-gear-/).count()).toBe(10));
  await opening.getByRole('button', { name: 'Close' }).click();
  const gears = await gearsOf(player);
  expect(gears).toHaveLength(10);
  expect((await cityOf(player)).resources.runik).toBe(0);

  const [equipped, target, ...materials] = gears;
  await page.goto(`${browser.current().baseUrl}/gears`);
  await page.getByTestId(`slot-${equipped.type}`).getByRole('button', { name: /slot$/ }).click();
  const picker = page.getByTestId('equip-picker');
  await picker.getByTestId(`gear-${equipped.gearId}`).getByRole('button', { name: 'Equip' }).click();
  await page.getByTestId(`slot-${equipped.type}`).getByRole('button', { name: 'Unequip' }).waitFor();
  expect((await gearsOf(player)).find((gear) => gear.gearId === equipped.gearId)?.isEquipped).toBe(true);

  await page.goto(`${browser.current().baseUrl}/blacksmith`);
  await page.getByTestId(`gear-${target.gearId}`).getByRole('button', { name: 'Select as target' }).click();
  const used = materials.slice(0, 2);
  for (const material of used) {
    await page.getByTestId(`gear-${material.gearId}`).getByRole('button', { name: 'Use as material' }).click();
  }
  await page.getByTestId('upgrade-preview').waitFor();
  await page.getByRole('button', { name: 'Upgrade Gear' }).click();
  // The packs rolled the rarities: material above Common is consumed only once the game's dialog is confirmed.
  if (used.some((gear) => GEAR_RARITIES.indexOf(gear.rarity) > GEAR_RARITIES.indexOf('common'))) {
    expect(await confirmGameDialog(page)).toMatch(/^This upgrade consumes .+\. Consumed gear is gone for good\. Upgrade anyway\?$/);
  }
  await page.getByText('Gear Upgraded Successfully!').waitFor();
  expect(dialogs).toEqual([]);

  const after = await gearsOf(player);
  expect(after).toHaveLength(8);
  const upgraded = after.find((gear) => gear.gearId === target.gearId)!;
  // Two materials give at least 40 experience: more experience, or a level gained.
  expect(upgraded.level > target.level || upgraded.currentExp > target.currentExp).toBe(true);
});
