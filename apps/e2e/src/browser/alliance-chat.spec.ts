import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { ApiRoutes } from '@runik/contract';
import { addMembers, chatUnreadCount, reservedAllianceIdentity, newAlliance, setMaxMembers } from '../support/alliance';
import { eventually, liveConnected, logIn, UI_TIMEOUT_MS, withPage, withTimeout } from '../support/browser';
import { newCityPlayer, type CityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * The alliance chat in Chromium against the real stack: two players in two browsers talk live, the
 * chat button's unread count moves, on a desktop (the panel beside the page, covering none of it)
 * and on a phone (a full screen); nothing scrolls sideways and axe finds nothing serious.
 * On its Jest worker's shared stack (its players and alliances are its own).
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SERIOUS = new Set(['serious', 'critical']);

/** A leader and a member of one alliance. */
async function twoMembers(): Promise<{ leader: CityPlayer; member: CityPlayer }> {
  const [leader, member] = await Promise.all([newCityPlayer(stack(), 'chld'), newCityPlayer(stack(), 'chmb')]);
  const { name, tag } = await reservedAllianceIdentity(stack());
  const alliance = await newAlliance(stack(), leader, { name, tag });
  await setMaxMembers(stack(), alliance, 10);
  await addMembers(leader, alliance, [member]);
  return { leader, member };
}

/** Logs in and waits for the live connection (the chat's lines come on it). */
async function enter(page: Page, player: CityPlayer): Promise<void> {
  const connected = liveConnected(page);
  await logIn(page, browser.current().baseUrl, player.username);
  await withTimeout(connected, UI_TIMEOUT_MS, 'the live connection');
  await page.getByTestId('chat-button').waitFor();
}

/** The unread count the chat button announces (its aria-label). */
async function unread(page: Page): Promise<number> {
  const label = (await page.getByTestId('chat-button').getAttribute('aria-label')) ?? '';
  if (label === 'Alliance chat: no unread messages') return 0;
  const match = /^Alliance chat: (\d+) unread messages?$/.exec(label);
  if (!match) throw new Error(`unexpected chat button label "${label}"`);
  return Number(match[1]);
}

async function send(page: Page, text: string): Promise<void> {
  const panel = page.getByTestId('chat-panel');
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
  await panel.locator('.chat-line__text', { hasText: text }).first().waitFor();
}

async function problems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  );
  return [
    ...violations
      .filter((violation) => SERIOUS.has(violation.impact ?? ''))
      .map((violation) => `axe ${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ...(widths.scroll > widths.client ? [`scrolls sideways: ${widths.scroll} px in ${widths.client} px`] : []),
  ];
}

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not laid out`);
  return box;
}

/** Whether two boxes share any area. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('alliance chat', () => {
  it('two browsers talk live on a desktop; the unread count moves; the panel covers none of the page', async () => {
    const { leader, member } = await twoMembers();
    const name = expect.getState().currentTestName ?? 'desktop chat';
    await withPage(
      browser.current(),
      `${name} (member)`,
      async (memberPage) => {
        await withPage(
          browser.current(),
          `${name} (leader)`,
          async (leaderPage) => {
            await Promise.all([enter(leaderPage, leader), enter(memberPage, member)]);
            // The member's join is news to the leader; the member has read nothing yet either.
            await eventually(async () => expect(await unread(leaderPage)).toBeGreaterThanOrEqual(1));
            // The member's count from the server, then on the page (read from the page alone, it was once taken
            // before the page's query was answered, and the count then moved by 2).
            const memberBefore = await chatUnreadCount(member);
            await eventually(async () => expect(await unread(memberPage)).toBe(memberBefore));

            await leaderPage.getByTestId('chat-button').click();
            const panel = leaderPage.getByTestId('chat-panel');
            await panel.getByRole('heading', { level: 2 }).waitFor();
            await eventually(async () => expect(await unread(leaderPage)).toBe(0));

            // The panel stands beside the page: the game's main area and the bar end where it begins.
            const panelBox = await boxOf(leaderPage, '[data-testid="chat-panel"]');
            const mainBox = await boxOf(leaderPage, 'main');
            expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(DESKTOP.width + 0.5);
            expect(mainBox.x + mainBox.width).toBeLessThanOrEqual(panelBox.x + 0.5);
            const account = await boxOf(leaderPage, '[data-testid="account-menu-button"]');
            expect(account.x + account.width).toBeLessThanOrEqual(panelBox.x + 0.5);

            await send(leaderPage, 'Rally at dawn <b>bring cavalry</b>');
            // Live on the member's page, without a reload: the count moves.
            await eventually(async () => expect(await unread(memberPage)).toBe(memberBefore + 1));
            expect(await memberPage.locator('[data-testid="chat-unread-count"]').textContent()).toBe(String(memberBefore + 1));

            await memberPage.getByTestId('chat-button').click();
            const memberPanel = memberPage.getByTestId('chat-panel');
            // Markup shows as the text it is.
            await memberPanel.locator('.chat-line__text', { hasText: 'Rally at dawn <b>bring cavalry</b>' }).waitFor();
            expect(await memberPanel.locator('b').count()).toBe(0);
            await eventually(async () => expect(await unread(memberPage)).toBe(0));

            await send(memberPage, `Ready, @${leader.username}`);
            await panel.locator('.chat-line__text', { hasText: `Ready, @${leader.username}` }).waitFor();
            // Read at once: the leader's panel is open.
            await eventually(async () => expect(await unread(leaderPage)).toBe(0));

            expect(await problems(leaderPage)).toEqual([]);
            expect(await problems(memberPage)).toEqual([]);

            // Closed, the page takes its width back.
            await panel.getByRole('button', { name: 'Close' }).click();
            await panel.waitFor({ state: 'detached' });
            expect((await boxOf(leaderPage, 'main')).width).toBeGreaterThan(mainBox.width);
          },
          { viewport: DESKTOP },
        );
      },
      { viewport: DESKTOP },
    );
  }, 120_000);

  it('on a phone the chat is a full screen, live, with no sideways scroll', async () => {
    const { leader, member } = await twoMembers();
    // The guide done with: no card at the bottom sends the toasts to the top (issue 45's @mention toast was at the bottom).
    expect((await member.api.post(ApiRoutes.firstStepsSkip(member.username), {})).status).toBe(200);
    const name = expect.getState().currentTestName ?? 'phone chat';
    await withPage(
      browser.current(),
      name,
      async (page) => {
        await enter(page, member);
        // The bar still fits with the chat button in it.
        expect(await problems(page)).toEqual([]);
        const button = await boxOf(page, '[data-testid="chat-button"]');
        expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);

        await page.getByTestId('chat-button').click();
        const panel = page.getByTestId('chat-panel');
        await panel.getByRole('heading', { level: 2 }).waitFor();
        expect(await boxOf(page, '[data-testid="chat-panel"]')).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });

        // A line from the other side arrives live; a long unbroken one wraps inside the screen.
        const long = `${'Aaaargh'.repeat(40)} family 👨‍👩‍👧‍👦`;
        const response = await leader.api.post(`/api/alliance/chat/${leader.username}`, { text: long });
        expect(response.status).toBe(200);
        await panel.locator('.chat-line__text', { hasText: 'Aaaargh' }).waitFor();
        await send(page, 'On my way');
        expect(await problems(page)).toEqual([]);

        // Issue 45: the @mention's toast covered the Message box and Send.
        const mention = await leader.api.post(`/api/alliance/chat/${leader.username}`, { text: `Hold the gate, @${member.username}` });
        expect(mention.status).toBe(200);
        const toast = page.getByTestId('toast').first();
        await toast.waitFor({ timeout: UI_TIMEOUT_MS });
        const toastBox = await boxOf(page, '[data-testid="toast"]');
        for (const control of ['.chat-panel__input', '.chat-panel__compose button[type="submit"]', '.chat-panel__header button'])
          expect({ control, covered: overlaps(toastBox, await boxOf(page, control)) }).toEqual({ control, covered: false });

        await panel.getByRole('button', { name: 'Close' }).click();
        await panel.waitFor({ state: 'detached' });
        await page.getByTestId('resources-card').waitFor();
      },
      { viewport: PHONE, isMobile: true, hasTouch: true },
    );
  }, 120_000);
});
