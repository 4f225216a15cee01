import { ALLIANCE_CREATION_FEE, formatCount, formatResource, RESOURCE_KEYS, toThousandths } from '@runik/rules';
import type { AttackBattleReport, BattleReportFighter, MyAllianceResponse } from '@runik/contract';
import { ApiRoutes } from '@runik/contract';
import type { Locator, Page } from 'playwright-core';
import { reservedAllianceIdentity, newAlliance } from '../support/alliance';
import { acceptDialogs, confirmGameDialog, eventually } from '../support/browser';
import { pastNewcomerShield, setArmy, settledEnemyCard } from '../support/attack';
import { cityOf, CityPlayer, grant, letTimePass, newCityPlayer, setCityHallLevel } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * The Alliance and Attack screens in Chromium against the real stack. Players are registered
 * through the API and log in through the form; armies, City Hall levels and time passing are
 * set up through the support helpers. On its Jest worker's shared stack (its players are its own).
 */
const HOUR = 3_600_000;
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

async function allianceOf(player: CityPlayer): Promise<MyAllianceResponse['alliance']> {
  return (await player.api.get<MyAllianceResponse>(ApiRoutes.allianceMy(player.username))).data.alliance;
}

browser.test('a leader creates an alliance, accepts a request to join, and the member leaves', async (leaderPage) => {
  const [leader, member] = await Promise.all([newCityPlayer(stack(), 'lead'), newCityPlayer(stack(), 'memb')]);
  await grant(stack(), leader, 'runik', toThousandths(ALLIANCE_CREATION_FEE));
  const name = `Iron ${leader.username.slice(-6)}`;
  const leaderDialogs = acceptDialogs(leaderPage);

  await browser.openAs(leaderPage, leader.username, '/alliance');
  await leaderPage.getByRole('button', { name: 'Create Alliance' }).click();
  await leaderPage.getByLabel('Name').fill(name);
  await leaderPage.getByLabel('Tag').fill(leader.username.slice(-3).replace(/[^a-z0-9]/g, 'x'));
  await leaderPage.getByLabel('Description').fill('We hold the northern pass.');
  await leaderPage.getByRole('button', { name: 'Create Alliance' }).click();
  expect(await confirmGameDialog(leaderPage)).toMatch(/^Create .+ for 25,000 RUNIK\? The fee is spent for good/);
  await leaderPage.getByTestId('alliance-name').filter({ hasText: name }).waitFor();
  expect((await cityOf(leader)).resources.runik).toBe(0);

  const memberPage = await browser.current().newPage();
  const memberDialogs = acceptDialogs(memberPage);
  await browser.openAs(memberPage, member.username, '/alliance');
  await memberPage.getByRole('button', { name: 'Join Alliance' }).click();
  const entry = memberPage.getByTestId('alliance-entry').filter({ hasText: name });
  await entry.getByRole('button', { name: 'Join' }).click();
  await entry.getByText('Requested').waitFor();

  await leaderPage.reload();
  await leaderPage
    .locator(`[data-testid="alliance-request"][data-username="${member.username}"]`)
    .getByRole('button', { name: 'Accept' })
    .click();
  await leaderPage.locator(`[data-testid="alliance-member"][data-username="${member.username}"]`).waitFor();
  expect((await allianceOf(leader))?.members).toEqual([leader.username, member.username]);
  // The Leader badge is as wide as its word, not as its row (it used to stretch across it).
  const leaderRow = leaderPage.locator(`[data-testid="alliance-member"][data-username="${leader.username}"]`);
  const badgeWidth = (await leaderRow.getByText('Leader', { exact: true }).boundingBox())?.width ?? Infinity;
  expect(badgeWidth).toBeLessThan(((await leaderRow.boundingBox())?.width ?? 0) / 3);

  await memberPage.reload();
  await memberPage.getByTestId('alliance-name').filter({ hasText: name }).waitFor();
  await memberPage.getByRole('button', { name: 'Leave Alliance' }).click();
  expect(await confirmGameDialog(memberPage)).toBe(`Leave ${name}?`);
  await memberPage.getByRole('button', { name: 'Join Alliance' }).waitFor();
  await eventually(async () => expect((await allianceOf(leader))?.members).toEqual([leader.username]));
  expect(await allianceOf(member)).toBeNull();
  expect([...leaderDialogs, ...memberDialogs]).toEqual([]);
  await memberPage.context().close();
});

browser.test(
  'the leader invites by link and sees it open, the invited player joins at once, members invite once the leader allows it, and stored markup shows as text',
  async (leaderPage) => {
    const [leader, invited] = await Promise.all([newCityPlayer(stack(), 'lead'), newCityPlayer(stack(), 'invt')]);
    // Markup in every stored text: it must reach the screen as characters, never as elements.
    const name = '<img src=x onerror=__xss=1>';
    const description = '<script>window.__xss=1</script>"><svg onload=window.__xss=1><b>bold</b>';
    const { tag } = await reservedAllianceIdentity(stack());
    const alliance = await newAlliance(stack(), leader, { tag, name, description });
    const untouched = async (page: Page) => {
      expect(await page.evaluate('window.__xss')).toBeUndefined();
      expect(await page.locator('.alliance img[src="x"], .alliance svg[onload], .alliance script, .alliance b').count()).toBe(0);
    };

    await browser.openAs(leaderPage, leader.username, '/alliance');
    expect(await leaderPage.getByTestId('alliance-name').textContent()).toContain(name);
    expect(await leaderPage.getByTestId('alliance-description').textContent()).toBe(description);
    await untouched(leaderPage);
    const panel = leaderPage.getByTestId('alliance-invite');
    await panel.getByRole('button', { name: 'Create Invitation Link' }).click();
    const link = await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toMatch(new RegExp(`/alliance\\?invite=[A-Za-z0-9_-]{32}&alliance=${alliance.id}$`));
    // The leader's Open Invitations panel lists it.
    const openInvitations = leaderPage.getByTestId('alliance-invitations');
    await openInvitations
      .getByTestId('alliance-open-invitation')
      .getByText(`By ${leader.username}, valid until`, { exact: false })
      .waitFor();

    const invitedPage = await browser.current().newPage();
    await browser.openAs(invitedPage, invited.username, new URL(link).pathname + new URL(link).search);
    const offer = invitedPage.getByTestId('alliance-invitation');
    await offer.getByText(`You were invited to join ${name} [${alliance.tag}].`).waitFor();
    await untouched(invitedPage);
    await offer.getByRole('button', { name: 'Accept Invitation' }).click();
    await invitedPage.getByRole('button', { name: 'Leave Alliance' }).waitFor();
    expect((await allianceOf(invited))?.members).toEqual([leader.username, invited.username]);
    expect(await invitedPage.getByTestId('alliance-description').textContent()).toBe(description);
    await untouched(invitedPage);
    // A member may not invite until the leader allows it.
    expect(await invitedPage.getByTestId('alliance-invite').count()).toBe(0);
    await leaderPage.reload();
    await openInvitations.getByText('No open invitations.').waitFor();
    // Checked once the server has answered and the alliance is reloaded (the box shows the stored setting).
    const membersMayInvite = openInvitations.getByRole('checkbox', { name: 'Members may create invitations' });
    await membersMayInvite.click();
    await leaderPage.getByText('Members may now create invitations.').waitFor();
    await eventually(async () => expect(await membersMayInvite.isChecked()).toBe(true));
    await invitedPage.reload();
    await invitedPage.getByTestId('alliance-invite').getByRole('button', { name: 'Create Invitation Link' }).waitFor();
    await invitedPage.context().close();
  },
);

/**
 * The battle result plays (Chromium asks for no reduced motion here), then rests on exactly the
 * stored battle's numbers: each side's dead, injured and troops left, and the loot.
 */
async function expectPlayedToStoredBattle(attacker: CityPlayer, result: Locator): Promise<void> {
  const playback = result.getByTestId('battle-playback');
  expect(await playback.getAttribute('data-state')).toBe('playing');
  const reportPath = await result.getByTestId('battle-report-link').getAttribute('href');
  const battleId = Number(reportPath?.split('/').pop());
  const stored = (await attacker.api.get<AttackBattleReport>(ApiRoutes.battleReport('attack', battleId))).data;
  await result.locator('[data-testid="battle-playback"][data-state="ended"]').waitFor({ state: 'attached', timeout: 10_000 });

  const sides: [string, BattleReportFighter][] = [
    ['attacker', stored.attacker.fighters[0]],
    ['defender', stored.defender.fighters[0]],
  ];
  const troops = [
    ['infantry', 'infantry'],
    ['archers', 'archers'],
    ['cavalry', 'cavalries'],
  ] as const;
  for (const [side, fighter] of sides) {
    for (const [shown, key] of troops) {
      const left = fighter.army[key] - fighter.dead[key] - fighter.injured[key];
      expect(await result.getByTestId(`result-${side}-dead-${shown}`).textContent()).toBe(formatCount(fighter.dead[key]));
      expect(await result.getByTestId(`result-${side}-injured-${shown}`).textContent()).toBe(formatCount(fighter.injured[key]));
      expect(await result.getByTestId(`result-${side}-left-${shown}`).textContent()).toBe(formatCount(left));
    }
  }
  for (const resource of RESOURCE_KEYS) {
    expect(await result.getByTestId(`result-loot-${resource}`).textContent()).toBe(formatResource(toThousandths(stored.loot[resource])));
    expect(await result.getByTestId(`result-loot-lost-${resource}`).textContent()).toBe(
      formatResource(toThousandths(stored.lootLost[resource])),
    );
  }
}

browser.test('a player attacks an enemy, sees the battle result and finds it in the battle log', async (page) => {
  const [attacker, defender] = await Promise.all([newCityPlayer(stack(), 'atk'), newCityPlayer(stack(), 'def')]);
  await setArmy(stack(), attacker, { infantry: 0, archers: 0, cavalries: 500 });
  // Only this test's defender is at City Hall 25, so the filter shows it alone.
  await setCityHallLevel(stack(), defender, 25);
  await pastNewcomerShield(stack(), defender);
  await letTimePass(stack(), defender, 3 * HOUR);

  await browser.openAs(page, attacker.username, '/attack');
  await page.getByTestId('attacks-remaining').filter({ hasText: '5 / 5' }).waitFor();
  await page.getByLabel('Minimum City Hall Level').fill('25');
  const enemy = await settledEnemyCard(page, defender.username);
  await enemy.getByRole('button', { name: 'Attack' }).click();
  // The confirm tells the odds first: an undefended city is always beaten.
  expect(await confirmGameDialog(page)).toContain('You win 100% of the time.');

  const result = page.getByRole('dialog', { name: 'Battle Result' });
  await result.getByText('Victory').waitFor();
  await expectPlayedToStoredBattle(attacker, result);
  const looted = (await cityOf(attacker)).resources;
  expect(looted.wheat).toBeGreaterThan(1000);
  await result.getByRole('button', { name: 'Close' }).click();
  await enemy.getByTestId('enemy-cooldown').waitFor();
  expect(await enemy.getByRole('button', { name: 'Attack' }).isDisabled()).toBe(true);
  await page.getByTestId('attacks-remaining').filter({ hasText: '4 / 5' }).waitFor();

  await page.getByRole('button', { name: 'Battle Log' }).click();
  const log = page.getByRole('dialog', { name: 'Battle Log' });
  await log.getByTestId('log-sides').filter({ hasText: defender.username }).waitFor();
});
