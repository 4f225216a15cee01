import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ALLIANCE_ICON_IDS, armyPower, fromThousandths, overrideUnitPowerForTests, Troops } from '@runik/rules';
import { AttackService } from '../attack/attack.service';
import { CitadelService } from '../citadel/citadel.service';
import { dataSourceOptions } from '../database';
import { refreshCommanderBoosts } from '../gears/gear-rows';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { LedgerService } from '../ledger/ledger.service';
import { TestClock } from '../testing/test-clock';
import { RecordingAlarm } from '../testing/recording-throne-alarm';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { testEmission } from '../testing/test-emission';
import { testChatLines, testNotifier } from '../testing/test-notifier';
import { QuestProgress } from '../quests/quest-progress';
import { newTestPlayer } from '../testing/test-players';
import { ThroneEngine } from '../throne/throne-engine';
import { ThroneService } from '../throne/throne.service';
import { installArmyPowerSql } from './army-power-sql';
import { CityService } from './city.service';
import { CityTransactions } from './city-transactions';
import { FairRolls } from '../fairness/fair-rolls';

let database: TestDatabase;
let dataSource: DataSource;
// The day before a Throne War: its voting is open.
const clock = new TestClock('2027-01-14T00:01:00Z');
let cityService: CityService;
let ledger: LedgerService;
let attack: AttackService;
let leaderboards: LeaderboardService;
let citadel: CitadelService;
let engine: ThroneEngine;
let throne: ThroneService;

beforeAll(async () => {
  Logger.overrideLogger(false);
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url, { max: 6 })).initialize();
  ledger = new LedgerService(clock);
  const cities = new CityTransactions(dataSource, ledger, clock);
  const notifier = testNotifier(clock);
  const quests = new QuestProgress(notifier);
  cityService = new CityService(dataSource, cities, clock, quests);
  attack = new AttackService(dataSource, cities, clock, notifier, quests, new FairRolls(clock));
  leaderboards = new LeaderboardService(dataSource, clock);
  citadel = new CitadelService(
    dataSource,
    cities,
    ledger,
    clock,
    notifier,
    testEmission(dataSource, clock).emission,
    quests,
    testChatLines(clock),
  );
  engine = new ThroneEngine(dataSource, cities, clock, new RecordingAlarm(), notifier, testChatLines(clock));
  throne = new ThroneService(dataSource, engine, cities, clock, notifier);
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

/** A player at City Hall 6 (old enough for the throne) with the given army. */
async function newPlayer(username: string, army: Troops): Promise<number> {
  const playerId = await newTestPlayer({ dataSource, ledger, cityService, clock }, username, army);
  await dataSource.query(`UPDATE cities SET ch_level = 6 WHERE player_id = $1`, [playerId]);
  return playerId;
}

/** Equips a commander gear and copies its boost onto the city, as the gear screen does. */
async function equipCommanderGear(playerId: number, type: 'infantry' | 'archer' | 'cavalry', rarity: string, level: number): Promise<void> {
  await dataSource.query(
    `INSERT INTO gears (owner_id, type, category, rarity, level, exp_value, equipped, created_at) VALUES ($1, $2, 'commander', $3, $4, 0, true, $5)`,
    [playerId, type, rarity, level, clock.now()],
  );
  await refreshCommanderBoosts(dataSource.manager, playerId);
}

async function leaderboardPower(hiveUsername: string): Promise<number | undefined> {
  return (await leaderboards.leaderboard({ filter: 'armyPower', page: 1, hiveUsername })).you?.armyPower;
}

describe('a unit power changed in the rules', () => {
  it('shows the same army power on the attack screen, the leaderboard, the citadel and the throne', async () => {
    const army: Troops = { infantry: 123, archers: 45, cavalries: 77 };
    const warlord = await newPlayer('warlord', army);
    // A common cavalry gear at level 2: +1.2% (120 hundredths of a percent stored on the city).
    await equipCommanderGear(warlord, 'cavalry', 'common', 2);
    const bystander = await newPlayer('bystander', { infantry: 0, archers: 0, cavalries: 77 });
    const [{ id: allianceId }] = await dataSource.query(
      `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at) VALUES ('House W', 'WWW', $1, '', $2, 10, $3) RETURNING id`,
      [ALLIANCE_ICON_IDS[0], warlord, clock.now()],
    );
    await dataSource.query(`INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, $3)`, [
      warlord,
      allianceId,
      clock.now(),
    ]);
    await throne.vote(warlord, '7:00');
    // The rules' cavalry power: 1.23 + 0.945 + 77 × 0.036 × 1.012 = 4.980264, shown 4.98.
    expect(await leaderboardPower('warlord')).toBe(4.98);

    const restore = overrideUnitPowerForTests('cavalries', 37);
    try {
      await installArmyPowerSql(dataSource);
      // 1.23 + 0.945 + 77 × 0.037 × 1.012 = 5.058188: rounded down to the thousandth.
      const expected = fromThousandths(armyPower(army, { infantry: 0, archers: 0, cavalries: 1.2 }));
      expect(expected).toBe(5.058);

      expect((await attack.armyStats(warlord)).armyPower).toBe(expected);
      expect(await leaderboardPower('warlord')).toBe(expected);
      expect((await citadel.user(warlord)).user.armyPower).toBe(expected);
      clock.set('2027-01-15T07:00:00Z');
      await engine.advance();
      // The whole army against the empty throne: the battle's attacker power is the army's.
      const battle = await throne.soloAttack(warlord, army);
      expect(battle.result.attackerPower).toBe(expected);
      // A city written after the install follows the overridden rules too (its trigger).
      expect(await leaderboardPower('warlord')).toBe(0);
      expect(await leaderboardPower('bystander')).toBe(2.849);
    } finally {
      restore();
      await installArmyPowerSql(dataSource);
    }
    // Restored and installed again: every stored figure follows the rules' value once more.
    expect(await leaderboardPower('bystander')).toBe(2.772);
    expect((await attack.armyStats(bystander)).armyPower).toBe(2.772);
  });
});
