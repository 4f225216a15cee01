import { DataSource } from 'typeorm';
import { UNIT_KEYS, UNIT_POWER } from '@runik/rules';

/** pg_advisory_xact_lock key ('RUNK' 02): one process at a time installs the function and recomputes. */
const ARMY_POWER_SQL_LOCK = 0x52554e4b_02;

/**
 * The rules' armyPower over a row of cities, in SQL: each unit's power (thousandths) times its
 * count times 10000 plus its stored boost (hundredths of a percent), summed, then divided by 10000
 * rounded down (bigint division; nothing here is negative).
 */
function armyPowerExpression(row: string): string {
  const terms = UNIT_KEYS.map((unit) => {
    const power = UNIT_POWER[unit];
    if (!Number.isSafeInteger(power) || power < 0) throw new Error(`Unit power of ${unit} must be whole thousandths, got ${power}`);
    return `${row}.${unit} * ${power} * (10000 + ${row}.${unit}_boost)`;
  });
  return `(${terms.join(' + ')}) / 10000`;
}

/** The body of the trigger function that sets cities.army_power on every insert and update. */
export function armyPowerTriggerBody(): string {
  return `BEGIN NEW.army_power := ${armyPowerExpression('NEW')}; RETURN NEW; END`;
}

/**
 * Makes the stored army power (what the army leaderboard sorts on) follow the rules this build
 * runs: installs the trigger function generated from UNIT_POWER and recomputes every city, in one
 * transaction, when the installed body differs; otherwise does nothing. Run after the migrations
 * and when the api or the worker starts, so a balance change needs no migration.
 */
export async function installArmyPowerSql(dataSource: DataSource): Promise<void> {
  const body = armyPowerTriggerBody();
  await dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [ARMY_POWER_SQL_LOCK]);
    const [installed]: { body: string }[] = await manager.query(
      `SELECT prosrc AS body FROM pg_proc WHERE oid = to_regprocedure('cities_army_power()')`,
    );
    if (installed?.body === body) return;
    await manager.query(`CREATE OR REPLACE FUNCTION cities_army_power() RETURNS trigger LANGUAGE plpgsql AS $function$${body}$function$`);
    const current = armyPowerExpression('cities');
    await manager.query(`UPDATE cities SET army_power = ${current} WHERE army_power IS DISTINCT FROM ${current}`);
  });
}
