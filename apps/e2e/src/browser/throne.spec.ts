import { ThroneMessages } from '@runik/contract';
import { acceptDialogs, confirmGameDialog, eventually, useBrowserStack } from '../support/browser';
import { setArmy } from '../support/attack';
import { addMembers, newAlliance, setMaxMembers } from '../support/alliance';
import { newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { seedActiveWar, seedVotingWar } from '../support/throne';

/**
 * Throne Wars in Chromium against the real stack. The stack runs on the real clock, so each test
 * puts the war in the phase it needs straight into the database (support/throne.ts: a war far in
 * the future is the latest, the one the page shows). A stack of its own (sixty ports above the defaults), not its
 * Jest worker's shared one: the war and its votes are game-wide.
 */
const browser = useBrowserStack(60, 'THRONE');
const stack = () => browser.current().stack;
browser.test('an alliance leader votes for the battle time, going back once before confirming', async (page) => {
  const [leader, member] = await Promise.all([newCityPlayer(stack(), 'lord'), newCityPlayer(stack(), 'vasl')]);
  const alliance = await newAlliance(stack(), leader);
  await addMembers(leader, alliance, [member]);
  await seedVotingWar(stack());

  await browser.openAs(page, leader.username, '/thronewars');
  await page.getByRole('button', { name: 'Vote for Battle Time' }).click();
  await page.getByRole('button', { name: /^7:00 UTC/ }).click();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await page.getByRole('button', { name: /^19:00 UTC/ }).click();
  await page.getByRole('button', { name: 'Confirm Vote' }).click();
  await page.getByText(ThroneMessages.voted('19:00')).first().waitFor();
  await page.getByRole('button', { name: ThroneMessages.alreadyVotedButton }).waitFor();
  expect(await page.getByRole('button', { name: ThroneMessages.alreadyVotedButton }).isDisabled()).toBe(true);
  const votes = await queryDatabase<{ alliance_id: number; time_slot: string }>(
    stack().database.url,
    `SELECT alliance_id, time_slot FROM throne_votes`,
  );
  expect(votes).toEqual([{ alliance_id: alliance.id, time_slot: '19:00' }]);

  // A member sees why there is no vote button.
  const memberPage = await browser.current().newPage();
  await browser.openAs(memberPage, member.username, '/thronewars');
  await memberPage.getByText(ThroneMessages.leadersVote).waitFor();
  expect(await memberPage.getByRole('button', { name: 'Vote for Battle Time' }).count()).toBe(0);
  await memberPage.context().close();
});

browser.test('members of an alliance create a rally and join it', async (creatorPage) => {
  const [leader, creator, joiner] = await Promise.all([
    newCityPlayer(stack(), 'king'),
    newCityPlayer(stack(), 'rcre'),
    newCityPlayer(stack(), 'rjoi'),
  ]);
  const alliance = await newAlliance(stack(), leader);
  await setMaxMembers(stack(), alliance, 3);
  await addMembers(leader, alliance, [creator, joiner]);
  await Promise.all([setArmy(stack(), creator, { infantry: 120 }), setArmy(stack(), joiner, { archers: 80 })]);
  await seedActiveWar(stack());
  const dialogs = acceptDialogs(creatorPage);

  await browser.openAs(creatorPage, creator.username, '/thronewars');
  await creatorPage.getByRole('button', { name: 'Create Rally' }).click();
  // The slider goes up to the troops available: End picks them all.
  await creatorPage.getByLabel('Infantry').press('End');
  await creatorPage
    .getByTestId('chosen-infantry')
    .getByText(/^120 \/ 120/)
    .waitFor();
  await creatorPage.getByRole('button', { name: 'Create', exact: true }).click();
  await creatorPage
    .getByText(/^Rally created successfully! ID: \d+$/)
    .first()
    .waitFor();
  const [rally] = await queryDatabase<{ id: number }>(stack().database.url, `SELECT id FROM throne_rallies WHERE status = 'gathering'`);
  await creatorPage.getByTestId(`alliance-rally-${rally.id}`).getByRole('button', { name: 'Disband' }).waitFor();

  const joinerPage = await browser.current().newPage();
  await browser.openAs(joinerPage, joiner.username, '/thronewars');
  await joinerPage.getByTestId(`alliance-rally-${rally.id}`).getByRole('button', { name: 'Join' }).click();
  await joinerPage.getByText(creator.username).first().waitFor();
  await joinerPage.getByLabel('Archers').press('End');
  await joinerPage.getByRole('button', { name: 'Join Rally' }).click();
  await joinerPage.getByText(ThroneMessages.joined).first().waitFor();
  await joinerPage.getByTestId(`alliance-rally-${rally.id}`).getByRole('button', { name: 'Withdraw' }).waitFor();

  await eventually(async () => {
    const troops = await queryDatabase<{ player_id: string; infantry: string; archers: string }>(
      stack().database.url,
      `SELECT player_id, infantry, archers FROM throne_rally_troops WHERE rally_id = $1 ORDER BY joined_at`,
      [rally.id],
    );
    expect(troops.map((row) => [Number(row.player_id), Number(row.infantry), Number(row.archers)])).toEqual([
      [creator.playerId, 120, 0],
      [joiner.playerId, 0, 80],
    ]);
  });
  // The creator's page shows the joiner once the status refreshes.
  await creatorPage.reload();
  await creatorPage.getByTestId(`alliance-rally-${rally.id}`).getByText(joiner.username).first().waitFor();
  await joinerPage.context().close();

  // Disbanding asks in the game's own dialog: Cancel keeps the rally, Confirm disbands it.
  const disband = creatorPage.getByTestId(`alliance-rally-${rally.id}`).getByRole('button', { name: 'Disband' });
  await disband.click();
  expect(await confirmGameDialog(creatorPage, false)).toBe(ThroneMessages.confirmDisband);
  await disband.click();
  expect(await confirmGameDialog(creatorPage)).toBe(ThroneMessages.confirmDisband);
  await creatorPage.getByText(ThroneMessages.disbanded).first().waitFor();
  expect(dialogs).toEqual([]);
});
