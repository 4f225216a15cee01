import { ApiRoutes, BattleReportMessages } from '@runik/contract';
import type {
  AttackBattleReport,
  BattleReportFighter,
  BattleReportResponse,
  CitadelAttackResponse,
  CitadelBattleReport,
  ThroneBattleReport,
} from '@runik/contract';
import {
  armyPower,
  citadelCasualties,
  CommanderBonuses,
  fromThousandths,
  NO_COMMANDER_BONUSES,
  RAIDS,
  recordOf,
  RESOURCE_KEYS,
  ResourceAmounts,
  resolveBattle,
  resolveThroneBattle,
  ThroneFighter,
  Troops,
} from '@runik/rules';
import { apiClient } from '../support/api-client';
import { attack, battlesOf, expectedVerdict, joinSameAlliance, newRaidablePlayer, setArmy, thousandths } from '../support/attack';
import { CityPlayer, letTimePass, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { giveGear } from '../support/gear';
import { startStack, Stack } from '../support/stack';
import { garrison, newThroneAlliance, ok, Reply, seedActiveWar, soloAttack, troops } from '../support/throne';

// A stack of its own: it seeds a throne war, of which the game has one, and attacks the citadel boss everybody fights.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;

const reportAt = (player: CityPlayer, path: string): Promise<Reply<BattleReportResponse>> =>
  player.api.get(path).then(({ status, data }) => ({ status, data }));
const reportOf = (player: CityPlayer, kind: string, id: number) => reportAt(player, ApiRoutes.battleReport(kind, id));
const okReport = <T extends BattleReportResponse>(player: CityPlayer, kind: T['kind'], id: number) =>
  ok(reportOf(player, kind, id)) as Promise<T>;

async function fighterWithArmy(army: Partial<Troops>, prefix: string): Promise<CityPlayer> {
  const player = await newRaidablePlayer(stack, prefix);
  await setArmy(stack, player, army);
  return player;
}

/** Fighters see the report, and so do their allies; the same body for each. */
async function expectOpenTo(
  players: CityPlayer[],
  kind: BattleReportResponse['kind'],
  id: number,
  report: BattleReportResponse,
): Promise<void> {
  for (const player of players) expect(await reportOf(player, kind, id)).toEqual({ status: 200, data: report });
}

async function expectForbidden(player: CityPlayer, kind: BattleReportResponse['kind'], id: number): Promise<void> {
  expect(await reportOf(player, kind, id)).toEqual({ status: 403, data: { error: BattleReportMessages.forbidden } });
}

const resourcesIn = (amounts: ResourceAmounts) =>
  Object.fromEntries(RESOURCE_KEYS.map((resource) => [resource, fromThousandths(amounts[resource])]));
const pendingOf = (report: AttackBattleReport) => recordOf(RESOURCE_KEYS, (resource) => thousandths(report.defenderPending[resource]));
const boostsOf = (fighter: BattleReportFighter): CommanderBonuses => {
  if (!fighter.boosts) throw new Error(`${fighter.hiveUsername} fought with unknown boosts`);
  return fighter.boosts;
};

describe('attack reports', () => {
  it('show the stored battle (armies, boosts, seed, rolls, losses, injured, loot) and replay to its outcome, to the fighters and their allies only', async () => {
    const attacker = await fighterWithArmy({ infantry: 200, archers: 50, cavalries: 100 }, 'rep');
    await giveGear(stack, attacker, { type: 'archer', rarity: 'epic', level: 3, equipped: true });
    const defender = await fighterWithArmy({ infantry: 30, archers: 10, cavalries: 2 }, 'rep');
    await letTimePass(stack, defender, 6 * HOUR);
    const [attackerAlly, defenderAlly, stranger] = await Promise.all([
      newCityPlayer(stack, 'rep'),
      newCityPlayer(stack, 'rep'),
      newCityPlayer(stack, 'rep'),
    ]);
    await joinSameAlliance(stack, [attacker, attackerAlly]);
    await joinSameAlliance(stack, [defender, defenderAlly]);

    const response = await attack(attacker, defender.username);
    expect(response.status).toBe(200);
    const [battle] = await battlesOf(stack, { attacker, defender });
    expect(response.data.result.battleId).toBe(battle.id);
    const { input, outcome } = battle;

    const report = await okReport<AttackBattleReport>(attacker, 'attack', battle.id);
    expect(report).toEqual({
      kind: 'attack',
      id: battle.id,
      foughtAt: battle.foughtAt.toISOString(),
      winner: outcome.winner,
      attacker: {
        power: fromThousandths(outcome.attackerPower),
        fighters: [
          {
            hiveUsername: attacker.username,
            army: input.attacker.troops,
            boosts: input.attacker.bonuses,
            dead: outcome.attacker.dead,
            injured: outcome.attacker.injured,
          },
        ],
      },
      defender: {
        power: fromThousandths(outcome.defenderPower),
        fighters: [
          {
            hiveUsername: defender.username,
            army: input.defender.troops,
            boosts: input.defender.bonuses,
            dead: outcome.defender.dead,
            injured: outcome.defender.injured,
          },
        ],
      },
      seed: battle.seed,
      rolls: outcome.rolls,
      defenderPending: resourcesIn(input.defender.pending),
      lootPercent: 100,
      lootLostPercent: RAIDS.lootLostPercent,
      loot: resourcesIn(outcome.loot),
      lootLost: resourcesIn(outcome.lootLost),
      verdict: expectedVerdict(input, outcome),
    });
    // The attacker's archers boosted by the gear; the defender's 582 x 1.10 at home.
    expect(report.verdict.attackerPower).toBeGreaterThan(6.65);
    expect(report.verdict.defenderPower).toBe(0.64);
    expect(report.attacker.fighters[0].boosts).toEqual({ ...NO_COMMANDER_BONUSES, archers: expect.any(Number) });
    expect(report.attacker.fighters[0].boosts!.archers).toBeGreaterThan(0);
    // 6.65+ power against 0.582: the attacker wins and takes something.
    expect(report.winner).toBe('attacker');
    expect(report.loot.wheat).toBeGreaterThan(0);

    // The report alone is enough to replay the battle with the rules.
    const [attackerSide] = report.attacker.fighters;
    const [defenderSide] = report.defender.fighters;
    const replay = resolveBattle({
      attacker: { troops: attackerSide.army, bonuses: boostsOf(attackerSide) },
      defender: { troops: defenderSide.army, bonuses: boostsOf(defenderSide), pending: pendingOf(report) },
      seed: report.seed,
      lootPercent: report.lootPercent,
      lootLostPercent: report.lootLostPercent,
    });
    expect(replay).toEqual(outcome);

    await expectOpenTo([defender, attackerAlly, defenderAlly], 'attack', battle.id, report);
    await expectForbidden(stranger, 'attack', battle.id);
    // The alliance as it is now: a player who left no longer sees its members' battles.
    await queryDatabase(stack.database.url, 'DELETE FROM alliance_members WHERE player_id = $1', [defenderAlly.playerId]);
    await expectForbidden(defenderAlly, 'attack', battle.id);
  });
});

describe('citadel reports', () => {
  it('show the attack as fought: army, boosts, the attack number behind the casualties, damage and the boss before and after', async () => {
    const army = { infantry: 1000, archers: 400, cavalries: 200 };
    const player = await fighterWithArmy(army, 'repc');
    await giveGear(stack, player, { type: 'cavalry', rarity: 'rare', level: 2, equipped: true });
    const [ally, stranger] = await Promise.all([newCityPlayer(stack, 'repc'), newCityPlayer(stack, 'repc')]);
    await joinSameAlliance(stack, [player, ally]);

    const attackFloor = () =>
      ok<CitadelAttackResponse>(
        player.api
          .post(ApiRoutes.citadelAttack, { hiveUsername: player.username, floor: 1 })
          .then(({ status, data }) => ({ status, data })),
      );
    const first = await attackFloor();
    const second = await attackFloor();
    expect(second.battleId).toBeGreaterThan(first.battleId);

    const [row] = await queryDatabase<{ army: Troops; bonuses: CommanderBonuses; fought_at: Date }>(
      stack.database.url,
      'SELECT * FROM citadel_attacks WHERE id = $1',
      [second.battleId],
    );
    const armyBefore = { infantry: 1000 - 15, archers: 400 - 6, cavalries: 200 - 3 };
    expect(row.army).toEqual(armyBefore);
    expect(row.bonuses.cavalries).toBeGreaterThan(0);

    const report = await okReport<CitadelBattleReport>(player, 'citadel', second.battleId);
    expect(report).toEqual({
      kind: 'citadel',
      id: second.battleId,
      foughtAt: row.fought_at.toISOString(),
      attacker: {
        power: fromThousandths(armyPower(armyBefore, row.bonuses)),
        fighters: [{ hiveUsername: player.username, army: armyBefore, boosts: row.bonuses, ...second.casualties }],
      },
      floor: 1,
      attackNumber: 2,
      damage: second.damageDealt,
      bossHpBefore: first.bossRemainingHp,
      bossHpAfter: second.bossRemainingHp,
    });
    // Replays: the casualties are the rules' for the second attack of the day, the damage the army's power.
    expect(citadelCasualties(report.attacker.fighters[0].army, report.attackNumber)).toEqual(second.casualties);
    expect(thousandths(report.damage)).toBe(armyPower(armyBefore, boostsOf(report.attacker.fighters[0])));

    await expectOpenTo([ally], 'citadel', second.battleId, report);
    await expectForbidden(stranger, 'citadel', second.battleId);
  });
});

describe('throne reports', () => {
  it('show both alliances, every fighter with its boosts and losses, and replay to the stored outcome', async () => {
    const holder = await fighterWithArmy({ infantry: 100, archers: 20 }, 'rept');
    const holderAlly = await newCityPlayer(stack, 'rept');
    const defenders = await newThroneAlliance(stack, [holder, holderAlly]);
    const attacker = await fighterWithArmy({ infantry: 40, cavalries: 5 }, 'rept');
    await giveGear(stack, attacker, { type: 'infantry', rarity: 'legendary', level: 1, equipped: true });
    const attackerAlly = await newCityPlayer(stack, 'rept');
    const attackers = await newThroneAlliance(stack, [attacker, attackerAlly]);
    const stranger = await newCityPlayer(stack, 'rept');
    const war = await seedActiveWar(stack, defenders);
    await ok(garrison(holder, troops(100, 20)));

    const fought = await ok(soloAttack(attacker, troops(40, 0, 5)));
    const [battle] = await queryDatabase<{
      id: number;
      attacker_power: string;
      defender_power: string;
      outcome: { attackers: (ThroneFighter & Record<string, unknown>)[] };
    }>(stack.database.url, 'SELECT * FROM throne_battles WHERE war_id = $1', [war.id]);
    const [stored] = battle.outcome.attackers;
    expect(stored.bonuses.infantry).toBeGreaterThan(0);

    const report = await okReport<ThroneBattleReport>(attacker, 'throne', battle.id);
    expect(report).toEqual({
      kind: 'throne',
      id: battle.id,
      foughtAt: expect.any(String),
      attackKind: 'solo',
      winner: fought.result.outcome,
      attacker: {
        alliance: { name: attackers.name, tag: attackers.tag },
        power: fromThousandths(Number(battle.attacker_power)),
        fighters: [
          {
            hiveUsername: attacker.username,
            army: troops(40, 0, 5),
            boosts: stored.bonuses,
            dead: fought.result.dead,
            injured: fought.result.injured,
          },
        ],
      },
      defender: {
        alliance: { name: defenders.name, tag: defenders.tag },
        power: fromThousandths(Number(battle.defender_power)),
        fighters: [
          {
            hiveUsername: holder.username,
            army: troops(100, 20),
            boosts: NO_COMMANDER_BONUSES,
            dead: expect.any(Object),
            injured: expect.any(Object),
          },
        ],
      },
    });

    // The report replays with the rules to what the battle did.
    const idOf = new Map([
      [attacker.username, attacker.playerId],
      [holder.username, holder.playerId],
    ]);
    const asFighters = (fighters: BattleReportFighter[]) =>
      fighters.map((fighter) => ({ playerId: idOf.get(fighter.hiveUsername)!, troops: fighter.army, bonuses: boostsOf(fighter) }));
    const replay = resolveThroneBattle(asFighters(report.attacker.fighters), asFighters(report.defender.fighters));
    expect(replay.winner).toBe(report.winner);
    expect(fromThousandths(replay.attackerPower)).toBe(report.attacker.power);
    expect(fromThousandths(replay.defenderPower)).toBe(report.defender.power);
    for (const [side, fighters] of [
      [replay.attackers, report.attacker.fighters],
      [replay.defenders, report.defender.fighters],
    ] as const) {
      expect(side.map(({ dead, injured }) => ({ dead, injured }))).toEqual(fighters.map(({ dead, injured }) => ({ dead, injured })));
    }

    await expectOpenTo([holder, holderAlly, attackerAlly], 'throne', battle.id, report);
    await expectForbidden(stranger, 'throne', battle.id);
  });
});

describe('bad requests', () => {
  it('answers 404 for a battle that does not exist, 400 for a bad kind or id, 401 without a session', async () => {
    const player = await newCityPlayer(stack, 'repx');
    for (const kind of ['attack', 'citadel', 'throne']) {
      expect(await reportOf(player, kind, 999_999_999)).toEqual({ status: 404, data: { error: BattleReportMessages.notFound } });
    }
    expect(await reportAt(player, '/api/battle-reports/raid/1')).toEqual({
      status: 400,
      data: { error: BattleReportMessages.invalidKind },
    });
    for (const id of ['0', '-1', 'abc', '1.5', '01', '1e3', '9999999999999999']) {
      expect(await reportAt(player, `/api/battle-reports/attack/${id}`)).toEqual({
        status: 400,
        data: { error: BattleReportMessages.invalidId },
      });
    }
    expect((await reportAt(player, `${ApiRoutes.battleReport('attack', 1)}?as=someone`)).status).toBe(400);
    expect((await apiClient(stack.apiUrl).get(ApiRoutes.battleReport('attack', 1))).status).toBe(401);
  });
});
