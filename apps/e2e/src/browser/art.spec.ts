import { toThousandths } from '@runik/rules';
import type { Page } from 'playwright-core';
import { levelAboveEveryCity, newCertainRaid, settledEnemyCard } from '../support/attack';
import { seriousViolations } from '../support/axe';
import { confirmGameDialog, eventually } from '../support/browser';
import { grant, newCityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Issue 50, item 2 and 3, in Chromium on a desktop and on a phone: every screen it names has a picture in its main
 * content (an <svg> or <img> of at least 160 × 120 CSS px with an accessible name, not the navbar's), the citadel's
 * boss has a name and a line of lore, a battle's result and report open with its scene, a pack's opening with its
 * reveal; nothing scrolls sideways and axe finds nothing serious. On its Jest worker's shared stack: its players
 * are its own, its defenders above every City Hall level.
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCREENS = ['/alliance', '/territories', '/blacksmith', '/p2p', '/abyssalcitadel'] as const;

interface Picture {
  tag: string;
  name: string;
  width: number;
  height: number;
}

/** The named pictures of the main content (outside the navbar) at least 160 × 120 CSS px. */
async function bigPictures(page: Page): Promise<Picture[]> {
  return page.evaluate<Picture[]>(`(() => {
    const main = document.querySelector('main');
    if (!main) return [];
    return [...main.querySelectorAll('svg, img')].flatMap((element) => {
      if (element.closest('nav, header.navbar, .navbar')) return [];
      const box = element.getBoundingClientRect();
      const title = element.querySelector(':scope > title')?.textContent ?? '';
      const name = element.getAttribute('aria-label') ?? (element.getAttribute('alt') || title);
      const named = name.trim() !== '' && element.getAttribute('aria-hidden') !== 'true';
      const isImage = element.tagName.toLowerCase() === 'img' || element.getAttribute('role') === 'img' || title !== '';
      if (!named || !isImage || box.width < 160 || box.height < 120) return [];
      return [{ tag: element.tagName.toLowerCase(), name, width: Math.round(box.width), height: Math.round(box.height) }];
    });
  })()`);
}

/** The animations running, named by their CSS name (or property) and their element's class: none wanted with reduced motion. */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`document.getAnimations().map((animation) => {
    const target = animation.effect ? animation.effect.target : null;
    const name = animation.animationName ?? animation.transitionProperty ?? 'animation';
    return name + ' on ' + (target ? target.getAttribute('class') ?? target.tagName : '?');
  })`);
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

for (const [size, viewport] of Object.entries(SIZES)) {
  browser.test(`${size}: alliance, territories, blacksmith, P2P and the citadel each show a named picture`, async (page) => {
    await page.setViewportSize(viewport);
    const player = await newCityPlayer(stack(), 'arts');
    for (const [index, path] of SCREENS.entries()) {
      if (index === 0) await browser.openAs(page, player.username, path);
      else await page.goto(`${browser.current().baseUrl}${path}`);
      await page.locator('main h1').first().waitFor();
      const pictures = await eventually(async () => {
        const found = await bigPictures(page);
        expect(found.length).toBeGreaterThan(0);
        return found;
      });
      console.log(
        `${size} ${path}: ${pictures.map((picture) => `${picture.tag} ${picture.width}×${picture.height} "${picture.name}"`).join('; ')}`,
      );
      if (path === '/territories') {
        // The two Coming Soon tiles keep their title and disabled Soon, with a drawing and a teaser line.
        for (const slug of ['coming-soon-1', 'coming-soon-2']) {
          const tile = page.getByTestId(`tile-${slug}`);
          expect(await tile.getByRole('heading').textContent()).toBe('Coming Soon');
          expect(await tile.getByRole('button', { name: 'Soon' }).isDisabled()).toBe(true);
          expect(await tile.getByRole('img').count()).toBe(1);
          expect((await tile.getByTestId('tile-teaser').textContent())?.length).toBeGreaterThan(10);
        }
      }
      if (path === '/abyssalcitadel') {
        await page.getByTestId('boss-name').waitFor();
        expect(await page.getByTestId('boss-name').textContent()).not.toBe('');
        expect(await page.getByTestId('boss-lore').textContent()).not.toBe('');
        await page.getByTestId('your-damage-share').waitFor();
        const boss = page.getByTestId(/^boss-image-/);
        expect(await boss.getAttribute('aria-label')).toMatch(/^Boss \d+: \S/);
        const box = await boss.boundingBox();
        expect(box && box.width >= 160 && box.height >= 160).toBe(true);
      }
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  browser.test(`${size}: a raid's result and its report open with the battle's scene`, async (page) => {
    await page.setViewportSize(viewport);
    // Alone on its City Hall level, so the enemy filter shows it alone.
    const level = await levelAboveEveryCity(stack());
    const { attacker, defender } = await newCertainRaid(stack(), level, ['arta', 'artd']);

    await browser.openAs(page, attacker.username, '/attack');
    await page.getByLabel('Minimum City Hall Level').fill(String(level));
    const card = await settledEnemyCard(page, defender.username);
    await card.getByRole('button', { name: 'Attack' }).click();
    await confirmGameDialog(page);

    const result = page.getByRole('dialog', { name: 'Battle Result' });
    const scene = result.getByTestId('battle-scene');
    await scene.waitFor();
    const picture = scene.getByRole('img');
    expect(await picture.getAttribute('aria-label')).toMatch(
      new RegExp(`^Battle scene: ${attacker.username}'s army( \\([\\d,]+ troops\\))? against ${defender.username}'s`),
    );
    expect(await scene.getAttribute('data-winner')).toBe('attacker');
    await result.getByTestId('battle-scene-outcome').waitFor();
    expect(await result.getByTestId('battle-scene-outcome').textContent()).toBe('Victory');
    expect(await scene.getByTestId('battle-scene-loot').textContent()).toMatch(/^Loot carried home: .*Wheat/);
    const box = await picture.boundingBox();
    expect(box && box.width >= 160 && box.height >= 120).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await result.getByTestId('battle-report-link').click();
    const reportScene = page.getByTestId('battle-scene');
    await reportScene.waitFor();
    expect(await reportScene.getByRole('img').getAttribute('aria-label')).toMatch(/; Victory; loot carried home: /);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  browser.test(`${size}: a pack's opening is a reveal, lit in the rarest card's colour`, async (page) => {
    await page.setViewportSize(viewport);
    const player = await newCityPlayer(stack(), 'artp');
    await grant(stack(), player, 'runik', toThousandths(100));
    await browser.openAs(page, player.username, '/packs');
    await page.getByRole('button', { name: 'Buy 10 Packs (RUNIK)' }).click();
    await confirmGameDialog(page);
    const opening = page.getByRole('dialog', { name: 'Pack Opening' });
    const reveal = opening.getByTestId('pack-reveal-scene');
    await reveal.waitFor();
    expect(await reveal.getAttribute('aria-label')).toMatch(/^Pack reveal: /);
    const box = await reveal.boundingBox();
    expect(box && box.width >= 160 && box.height >= 75).toBe(true);
    await opening.getByRole('button', { name: 'Skip' }).click();
    await eventually(async () => expect(await opening.getByTestId(/^revealed-gear-/).count()).toBe(10));
    expect(await reveal.getAttribute('data-best-rarity')).toMatch(/^(common|rare|epic|legendary|mythical)$/);
    expect(await reveal.getAttribute('aria-label')).toMatch(/^Pack reveal: 10 of 10 cards turned; the rarest so far is /);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

browser.test('with reduced motion, the pack reveal runs no animation', async (page) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const player = await newCityPlayer(stack(), 'artm');
  await grant(stack(), player, 'runik', toThousandths(100));
  await browser.openAs(page, player.username, '/packs');
  await page.getByRole('button', { name: 'Buy 10 Packs (RUNIK)' }).click();
  await confirmGameDialog(page);
  const opening = page.getByRole('dialog', { name: 'Pack Opening' });
  await opening.getByTestId('pack-reveal-scene').waitFor();
  // The buttons' short colour transitions (ui/theme.css) end; the reveal's rays would turn for ever.
  await eventually(async () => expect(await runningAnimations(page)).toEqual([]));
  await opening.getByRole('button', { name: 'Skip' }).click();
  await eventually(async () => expect(await opening.getByTestId(/^revealed-gear-/).count()).toBe(10));
  // The Close button, focused, runs the theme's short colour transition (ui/theme.css): it ends; nothing of the reveal runs.
  await eventually(async () => expect(await runningAnimations(page)).toEqual([]));
});
