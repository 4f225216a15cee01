import { toThousandths } from '@runik/rules';
import { eventually } from '../support/browser';
import { grant, newCityPlayer } from '../support/city';
import { boughtWithRunik, openPacks } from '../support/packs';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * The Verify page in Chromium against the real stack (issue 51): a pack bought and opened, the seed pair rotated on
 * the page, and the opening recomputed in the browser with the game's rules. On its Jest worker's shared stack.
 */
const browser = useSharedBrowserStack();

browser.test('the Verify page recomputes a pack opening after a rotation and shows it matches', async (page) => {
  const player = await newCityPlayer(browser.current().stack, 'verify');
  await grant(browser.current().stack, player, 'runik', toThousandths(100));
  await browser.openAs(page, player.username, '/city');
  await page.getByTestId('account-menu-button').click();
  await page.getByTestId('verify-link').click();
  const commitment = await page.getByTestId('current-commitment').textContent();
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);

  const purchaseId = await boughtWithRunik(player, 10);
  expect((await openPacks(player, purchaseId)).status).toBe(200);
  await page.getByTestId('client-seed-input').fill('chromium-seed');
  await page.getByTestId('rotate-button').click();

  const seed = page.getByTestId('revealed-seed');
  await seed.waitFor();
  await eventually(async () => expect(await seed.getByTestId('verified-roll').count()).toBe(1));
  const roll = seed.getByTestId('verified-roll');
  expect(await roll.getAttribute('data-kind')).toBe('pack');
  expect(await roll.getAttribute('data-matches')).toBe('true');
  expect(await seed.getByText(commitment!).count()).toBe(1);
  expect(await seed.getByText('SHA-256 of the server seed: matches').count()).toBe(1);
  expect(await seed.getByText('Nonces without gap: matches').count()).toBe(1);
});
