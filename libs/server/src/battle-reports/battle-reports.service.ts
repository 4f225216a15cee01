import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { armyPower, CommanderBonuses, fromThousandths, Losses, recordOf, resolveBattle, Troops, UNIT_KEYS } from '@runik/rules';
import { BattleReportMessages } from '@runik/contract';
import type {
  AttackBattleReport,
  BattleReportFighter,
  BattleReportKind,
  BattleReportResponse,
  CitadelBattleReport,
  ThroneBattleReport,
} from '@runik/contract';
import { battleVerdictDto } from '../attack/battle-verdict';
import { resourceAmountsDto } from '../city/city-state';
import { ApiError } from '../core/errors/api-error';
import {
  decodeBattleInput,
  decodeBattleOutcome,
  decodeBonuses,
  decodeLosses,
  decodeThroneFighters,
  decodeTroops,
  StoredThroneFighter,
} from '../stored-data/stored-battles';

/** A stored battle: its report and the players who fought in it. */
interface FoundBattle {
  report: BattleReportResponse;
  fighterIds: number[];
}

/**
 * Battle reports, built from what each battle stored. A report is open to its fighters and to the
 * present members of their alliances, so a fighter can share its link there.
 */
@Injectable()
export class BattleReportsService {
  private readonly loaders: Record<BattleReportKind, (id: number) => Promise<FoundBattle | null>> = {
    attack: (id) => this.attack(id),
    citadel: (id) => this.citadel(id),
    throne: (id) => this.throne(id),
  };

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async report(viewerId: number, kind: BattleReportKind, id: number): Promise<BattleReportResponse> {
    const found = await this.loaders[kind](id);
    if (!found) throw ApiError.notFound(BattleReportMessages.notFound);
    if (!(await this.maySee(viewerId, found.fighterIds))) throw ApiError.forbidden(BattleReportMessages.forbidden);
    return found.report;
  }

  private async maySee(viewerId: number, fighterIds: number[]): Promise<boolean> {
    if (fighterIds.includes(viewerId)) return true;
    const [ally] = await this.dataSource.query(
      `SELECT 1 FROM alliance_members mine JOIN alliance_members theirs USING (alliance_id)
       WHERE mine.player_id = $1 AND theirs.player_id = ANY($2::bigint[]) LIMIT 1`,
      [viewerId, fighterIds],
    );
    return ally !== undefined;
  }

  private async attack(id: number): Promise<FoundBattle | null> {
    const [row]: {
      attacker_id: string;
      defender_id: string;
      attacker: string;
      defender: string;
      seed: string;
      input: unknown;
      outcome: unknown;
      fought_at: Date;
    }[] = await this.dataSource.query(
      `SELECT b.attacker_id, b.defender_id, b.seed, b.input, b.outcome, b.fought_at, pa.hive_username AS attacker, pd.hive_username AS defender
         FROM battles b JOIN players pa ON pa.id = b.attacker_id JOIN players pd ON pd.id = b.defender_id WHERE b.id = $1`,
      [id],
    );
    if (!row) return null;
    const input = decodeBattleInput(row.input);
    const outcome = decodeBattleOutcome(row.outcome);
    // Replayed from the stored input: battles fought before the rolls were kept stored none.
    const replayed = resolveBattle(input);
    const report: AttackBattleReport = {
      kind: 'attack',
      id,
      foughtAt: row.fought_at.toISOString(),
      winner: outcome.winner,
      attacker: {
        power: fromThousandths(outcome.attackerPower),
        fighters: [fighter(row.attacker, input.attacker.troops, input.attacker.bonuses, outcome.attacker)],
      },
      defender: {
        power: fromThousandths(outcome.defenderPower),
        fighters: [fighter(row.defender, input.defender.troops, input.defender.bonuses, outcome.defender)],
      },
      seed: Number(row.seed),
      rolls: replayed.rolls,
      defenderPending: resourceAmountsDto(input.defender.pending),
      lootPercent: input.lootPercent,
      lootLostPercent: input.lootLostPercent,
      loot: resourceAmountsDto(outcome.loot),
      lootLost: resourceAmountsDto(outcome.lootLost),
      verdict: battleVerdictDto(input, replayed),
    };
    return { report, fighterIds: [Number(row.attacker_id), Number(row.defender_id)] };
  }

  private async citadel(id: number): Promise<FoundBattle | null> {
    const [row]: {
      player_id: string;
      hive_username: string;
      floor: number;
      attack_number: number;
      army: unknown;
      bonuses: unknown;
      casualties: unknown;
      damage: string;
      boss_hp_before: string;
      boss_hp_after: string;
      fought_at: Date;
    }[] = await this.dataSource.query(
      `SELECT a.*, p.hive_username FROM citadel_attacks a JOIN players p ON p.id = a.player_id WHERE a.id = $1`,
      [id],
    );
    if (!row) return null;
    const army = decodeTroops(row.army);
    const bonuses = decodeBonuses(row.bonuses);
    const report: CitadelBattleReport = {
      kind: 'citadel',
      id,
      foughtAt: row.fought_at.toISOString(),
      attacker: {
        power: fromThousandths(armyPower(army, bonuses)),
        fighters: [fighter(row.hive_username, army, bonuses, decodeLosses(row.casualties))],
      },
      floor: row.floor,
      attackNumber: row.attack_number,
      damage: fromThousandths(Number(row.damage)),
      bossHpBefore: fromThousandths(Number(row.boss_hp_before)),
      bossHpAfter: fromThousandths(Number(row.boss_hp_after)),
    };
    return { report, fighterIds: [Number(row.player_id)] };
  }

  private async throne(id: number): Promise<FoundBattle | null> {
    const [row]: {
      kind: 'solo' | 'rally';
      winner: 'attacker' | 'defender';
      attacker_power: string;
      defender_power: string;
      outcome: unknown;
      fought_at: Date;
      attacker_alliance: { name: string; tag: string } | null;
      defender_alliance: { name: string; tag: string } | null;
    }[] = await this.dataSource.query(
      `SELECT b.kind, b.winner, b.attacker_power, b.defender_power, b.outcome, b.fought_at,
         (SELECT json_build_object('name', a.name, 'tag', a.tag) FROM alliances a WHERE a.id = b.attacker_alliance_id) AS attacker_alliance,
         (SELECT json_build_object('name', a.name, 'tag', a.tag) FROM alliances a WHERE a.id = b.defender_alliance_id) AS defender_alliance
       FROM throne_battles b WHERE b.id = $1`,
      [id],
    );
    if (!row) return null;
    const { attackers, defenders } = decodeThroneFighters(row.outcome);
    const fighterIds = [...attackers, ...defenders].map((stored) => stored.playerId);
    const names = await this.namesOf(fighterIds);
    const fighters = (side: StoredThroneFighter[]) =>
      side.map((stored) =>
        fighter(names.get(stored.playerId)!, plus(stored.survivors, stored.dead, stored.injured), stored.bonuses, stored),
      );
    const report: ThroneBattleReport = {
      kind: 'throne',
      id,
      foughtAt: row.fought_at.toISOString(),
      attackKind: row.kind,
      winner: row.winner,
      attacker: { alliance: row.attacker_alliance, power: fromThousandths(Number(row.attacker_power)), fighters: fighters(attackers) },
      defender: { alliance: row.defender_alliance, power: fromThousandths(Number(row.defender_power)), fighters: fighters(defenders) },
    };
    return { report, fighterIds };
  }

  private async namesOf(playerIds: number[]): Promise<Map<number, string>> {
    const rows: { id: string; hive_username: string }[] = await this.dataSource.query(
      `SELECT id, hive_username FROM players WHERE id = ANY($1::bigint[])`,
      [playerIds],
    );
    return new Map(rows.map((row) => [Number(row.id), row.hive_username]));
  }
}

function fighter(hiveUsername: string, army: Troops, boosts: CommanderBonuses | null, { dead, injured }: Losses): BattleReportFighter {
  return { hiveUsername, army, boosts, dead, injured };
}

function plus(...armies: Troops[]): Troops {
  return recordOf(UNIT_KEYS, (unit) => armies.reduce((sum, army) => sum + army[unit], 0));
}
