import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ApiRoutes,
  BattleReportMessages,
  type AttackBattleReport,
  type CitadelBattleReport,
  type ThroneBattleReport,
} from '@runik/contract';
import { installFakeApi, never, type Responder } from '../../testing/fake-api';
import { notificationOf, notificationsPage } from '../../testing/notification-fixtures';
import { logInAs } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { BattleReportTexts } from './battle-report-texts';

const PLAYER = 'alice';
const none = { infantry: 0, archers: 0, cavalries: 0 };

const RAID: AttackBattleReport = {
  kind: 'attack',
  id: 7,
  foughtAt: '2026-05-01T11:30:00.000Z',
  winner: 'attacker',
  attacker: {
    power: 7.123,
    fighters: [
      {
        hiveUsername: PLAYER,
        army: { infantry: 1200, archers: 50, cavalries: 100 },
        boosts: { infantry: 0, archers: 12.5, cavalries: 0 },
        dead: { infantry: 4, archers: 1, cavalries: 0 },
        injured: { infantry: 6, archers: 2, cavalries: 1 },
      },
    ],
  },
  defender: {
    power: 0.611,
    fighters: [
      {
        hiveUsername: 'bob',
        army: { infantry: 30, archers: 10, cavalries: 2 },
        boosts: none,
        dead: { infantry: 8, archers: 3, cavalries: 1 },
        injured: { infantry: 12, archers: 5, cavalries: 0 },
      },
    ],
  },
  seed: 3_141_592_653,
  rolls: {
    attackerLuck: 1.0432,
    defenderLuck: 0.91234,
    attackerLosses: { infantry: 0.5, archers: 0.123456, cavalries: 0.9 },
    defenderLosses: { infantry: 0.25, archers: 0, cavalries: 0.75 },
  },
  defenderPending: { wheat: 150.456, lumber: 80, stone: 0, ore: 12.5 },
  lootPercent: 100,
  lootLostPercent: 20,
  loot: { wheat: 45.136, lumber: 24, stone: 0, ore: 3.75 },
  lootLost: { wheat: 11.284, lumber: 6, stone: 0, ore: 0.937 },
  // 1,200 infantry, 50 archers at +12.5% and 100 cavalry: 12,000 + 1,181.25 + 3,600; bob's 300 + 210 + 72, +10% at home.
  verdict: {
    attackerPower: 16.781,
    defenderPower: 0.64,
    defenderAdvantagePercent: 10,
    attackerLuck: 1.0432,
    defenderLuck: 0.91234,
    attackerRolledPower: 17.506,
    defenderRolledPower: 0.583,
  },
};

const BOSS_ATTACK: CitadelBattleReport = {
  kind: 'citadel',
  id: 41,
  foughtAt: '2026-05-02T08:30:00.000Z',
  attacker: {
    power: 25.216,
    fighters: [
      {
        hiveUsername: PLAYER,
        army: { infantry: 985, archers: 394, cavalries: 197 },
        boosts: none,
        dead: { infantry: 9, archers: 3, cavalries: 1 },
        injured: { infantry: 19, archers: 7, cavalries: 3 },
      },
    ],
  },
  floor: 3,
  attackNumber: 2,
  damage: 25.216,
  bossHpBefore: 74.4,
  bossHpAfter: 49.184,
};

const THRONE: ThroneBattleReport = {
  kind: 'throne',
  id: 5,
  foughtAt: '2026-05-03T19:10:00.000Z',
  attackKind: 'solo',
  winner: 'attacker',
  attacker: {
    alliance: { name: 'Iron Wolves', tag: 'IWF' },
    power: 0.4,
    fighters: [{ hiveUsername: PLAYER, army: { infantry: 40, archers: 0, cavalries: 0 }, boosts: null, dead: none, injured: none }],
  },
  defender: { alliance: null, power: 0, fighters: [] },
};

/** alice at the report's page, the API answering the report with `answer`. */
function openReport(path: string, url: string, answer: Responder) {
  const api = installFakeApi().on('GET', url, answer);
  logInAs(PLAYER);
  return { api, ...renderApp(path) };
}

describe('Battle report page', () => {
  it('reads the unread notifications that link to it, and no other, however it was reached', async () => {
    const loot = { wheat: 0, lumber: 0, stone: 0, ore: 0 };
    const troops = { infantry: 0, archers: 0, cavalry: 0 };
    const aboutThis = notificationOf('attack-resolved', {
      battleId: 7,
      defender: 'bob',
      winner: 'attacker',
      dead: troops,
      injured: troops,
      loot,
    });
    const aboutAnother = notificationOf('attack-resolved', {
      battleId: 8,
      defender: 'carol',
      winner: 'attacker',
      dead: troops,
      injured: troops,
      loot,
    });
    const alreadyRead = notificationOf(
      'attack-resolved',
      { battleId: 7, defender: 'bob', winner: 'attacker', dead: troops, injured: troops, loot },
      { readAt: '2026-05-01T12:01:00.000Z' },
    );
    const { api } = openReport('/battles/attack/7', ApiRoutes.battleReport('attack', 7), { status: 200, data: RAID });
    api
      .on('GET', ApiRoutes.notifications(PLAYER), {
        status: 200,
        data: notificationsPage([aboutThis, aboutAnother, alreadyRead], { unreadCount: 2 }),
      })
      .on('POST', ApiRoutes.notificationsRead(PLAYER), { status: 200, data: { unreadCount: 1 } });
    await screen.findByRole('heading', { name: 'Raid report' });
    await waitFor(() =>
      expect(api.callsTo(ApiRoutes.notificationsRead(PLAYER)).map((request) => request.body)).toEqual([{ ids: [aboutThis.id] }]),
    );
  });

  it('opens a raid with one sentence: both powers with their bonuses, the luck, hence the result; told to "you" who fought', async () => {
    openReport('/battles/attack/7', ApiRoutes.battleReport('attack', 7), { status: 200, data: RAID });
    expect(await screen.findByTestId('battle-verdict')).toHaveTextContent(
      "Your 16,781 power met bob's 640 (+10% at home); luck ×1.04 against ×0.91 made it 17,506 against 583, so you won.",
    );
    // The seed and its draws are there to replay the battle, folded away.
    expect(screen.getByTestId('seed-and-rolls').tagName).toBe('DETAILS');
    expect(screen.getByTestId('seed-and-rolls')).not.toHaveAttribute('open');
  });

  it('shows a raid: both armies with boosts, what was left, dead and injured, the seed with every roll, and the loot', async () => {
    openReport('/battles/attack/7', ApiRoutes.battleReport('attack', 7), { status: 200, data: RAID });
    expect(await screen.findByRole('heading', { name: 'Raid report' })).toBeInTheDocument();
    expect(screen.getByTestId('fought-at')).toHaveAttribute('datetime', RAID.foughtAt);

    const attacker = screen.getByRole('region', { name: 'Attacker' });
    expect(within(attacker).getByRole('heading', { level: 2 })).toHaveTextContent(`Attacker: ${PLAYER} (winner)`);
    expect(within(attacker).getByTestId('side-power')).toHaveTextContent(/^Power: 7,123$/);
    const mine = within(attacker).getByTestId(`fighter-${PLAYER}`);
    expect(within(mine).getByTestId('army-infantry')).toHaveTextContent(/^1,200$/);
    expect(within(mine).getByTestId('boost-archers')).toHaveTextContent(/^\+12\.5%$/);
    expect(within(mine).getByTestId('dead-infantry')).toHaveTextContent(/^4$/);
    expect(within(mine).getByTestId('left-infantry')).toHaveTextContent(/^1,190$/);
    expect(within(mine).getByTestId('injured-cavalries')).toHaveTextContent(/^1$/);

    const defender = screen.getByRole('region', { name: 'Defender' });
    expect(within(defender).getByRole('heading', { level: 2 })).toHaveTextContent(/^Defender: bob$/);
    expect(within(defender).getByTestId('boost-infantry')).toHaveTextContent(/^\+0%$/);
    expect(within(defender).getByTestId('injured-infantry')).toHaveTextContent(/^12$/);

    expect(screen.getByTestId('seed')).toHaveTextContent(/^3141592653$/);
    expect(screen.getByTestId('attacker-luck')).toHaveTextContent(/^×1\.0432$/);
    expect(screen.getByTestId('defender-luck')).toHaveTextContent(/^×0\.9123$/);
    expect(screen.getByTestId('attacker-draws')).toHaveTextContent(/^Infantry 0\.500000, Archers 0\.123456, Cavalry 0\.900000$/);
    expect(screen.getByTestId('loot-wheat')).toHaveTextContent(/^45\.13$/);
    expect(screen.getByTestId('loot-ore')).toHaveTextContent(/^3\.75$/);
    expect(screen.getByTestId('loot-lost-wheat')).toHaveTextContent(/^11\.28$/);
    expect(screen.getByText('Lost on the way home (20%)')).toBeInTheDocument();
  });

  it('shows a citadel attack: the army, the damage, the boss before and after, and the attack number behind the casualties', async () => {
    openReport('/battles/citadel/41', ApiRoutes.battleReport('citadel', 41), { status: 200, data: BOSS_ATTACK });
    expect(await screen.findByRole('heading', { name: 'Citadel report: Floor 3' })).toBeInTheDocument();
    expect(within(screen.getByTestId(`fighter-${PLAYER}`)).getByTestId('dead-infantry')).toHaveTextContent(/^9$/);
    expect(screen.getByTestId('damage')).toHaveTextContent(/^25,216$/);
    expect(screen.getByTestId('boss-hp')).toHaveTextContent(/^74,400 49,184$/);
    expect(within(screen.getByTestId('boss-hp')).getByRole('img', { name: 'to' })).toBeInTheDocument();
    expect(screen.getByTestId('rolls')).toHaveTextContent(BattleReportTexts.citadelRolls(2));
    expect(screen.queryByTestId('seed')).not.toBeInTheDocument();
  });

  it('shows a throne battle by alliance, boosts not recorded as such, and an empty throne', async () => {
    openReport('/battles/throne/5', ApiRoutes.battleReport('throne', 5), { status: 200, data: THRONE });
    expect(await screen.findByRole('heading', { name: 'Throne battle report (solo)' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Attacker' })).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Attacker: [IWF] Iron Wolves (winner)',
    );
    expect(screen.getByTestId('boost-infantry')).toHaveTextContent(BattleReportTexts.unknownBoosts);
    expect(within(screen.getByRole('region', { name: 'Defender' })).getByText(BattleReportTexts.noDefenders)).toBeInTheDocument();
    expect(screen.getByTestId('rolls')).toHaveTextContent(BattleReportTexts.throneRolls);
  });

  it('shows loading while the report comes', async () => {
    openReport('/battles/attack/7', ApiRoutes.battleReport('attack', 7), never);
    expect(await screen.findByText(BattleReportTexts.loading)).toHaveAttribute('role', 'status');
  });

  it('shows a failure with Try again, which loads the report', async () => {
    const url = ApiRoutes.battleReport('attack', 7);
    let calls = 0;
    const { api, user } = openReport('/battles/attack/7', url, () =>
      ++calls === 1 ? { status: 503, data: { error: 'Service unavailable' } } : { status: 200, data: RAID },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Service unavailable$/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Raid report' })).toBeInTheDocument();
    expect(api.callsTo(url)).toHaveLength(2);
  });

  it("shows the server's refusal without Try again", async () => {
    openReport('/battles/attack/8', ApiRoutes.battleReport('attack', 8), { status: 403, data: { error: BattleReportMessages.forbidden } });
    expect(await screen.findByRole('alert')).toHaveTextContent(BattleReportMessages.forbidden);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('refuses a malformed address without asking the server', async () => {
    const { api } = openReport('/battles/raid/7', ApiRoutes.battleReport('raid', 7), { status: 200, data: RAID });
    expect(await screen.findByRole('alert')).toHaveTextContent(BattleReportMessages.invalidKind);
    expect(api.requests.filter((request) => request.url.startsWith('/api/battle-reports'))).toEqual([]);
  });
});
