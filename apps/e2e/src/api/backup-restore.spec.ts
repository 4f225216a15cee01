import axios from 'axios';
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { cityOf, CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { conservation } from '../support/ledger-invariants';
import { sendToken } from '../support/hive';
import { createPostgresCluster, ownedTempDir, PostgresCluster, runAsOwner } from '../support/postgres-cluster';
import { WORKSPACE_ROOT } from '../support/processes';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * docs/operations.md's backups and restore, done: a game on a PostgreSQL cluster of its own, archiving its WAL
 * with docker/backup/backup.sh as production does, is backed up (base backup and dump) while players deposit;
 * the cluster is then destroyed and restored with docker/backup/restore.sh to a point in time between two
 * deposits. The ledger and balances come back as they were at that point, their invariants hold, and the chain
 * follower, whose cursor came back with the data, credits the later deposit once and none of the earlier twice.
 * BACKUP_TEST_PLAYERS players deposit (3 here; the long run, docs/operations.md: 100), the base backup taken while
 * the worker credits a round of them.
 */
const PLAYERS = Number(process.env.BACKUP_TEST_PLAYERS ?? 3);
const BACKUP_SCRIPT = join(WORKSPACE_ROOT, 'docker/backup/backup.sh');
const RESTORE_SCRIPT = join(WORKSPACE_ROOT, 'docker/backup/restore.sh');
const DATABASE = 'runik';

let cluster: PostgresCluster;
let stack: Stack;
let backupDir: string;
beforeAll(async () => {
  backupDir = ownedTempDir('runik-backups-');
  // The production settings (docker/compose.yml): every WAL segment archived by backup.sh, at least once a minute.
  cluster = await createPostgresCluster(
    { wal_level: 'replica', archive_mode: 'on', archive_command: `sh ${BACKUP_SCRIPT} archive %p %f`, archive_timeout: '60' },
    { BACKUP_DIR: backupDir },
  );
  execFileSync(process.execPath, ['-r', '@swc-node/register', 'libs/server/src/migrate.ts'], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, DATABASE_URL: cluster.url(DATABASE) },
    stdio: 'pipe',
  });
  stack = await startStack({ engineDelayMs: 100, databaseUrl: cluster.url(DATABASE) });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  cluster?.destroy();
  if (backupDir) rmSync(backupDir, { recursive: true, force: true });
});

const backup = (command: string) => runAsOwner('sh', [BACKUP_SCRIPT, command], { ...cluster.libpqEnv(DATABASE), BACKUP_DIR: backupDir });
const game = (sql: string, params: unknown[] = []) => queryDatabase<Record<string, string>>(cluster.url(DATABASE), sql, params);
const runikOf = async (player: CityPlayer) => (await cityOf(player)).resources.runik;

/** Every player sends RNK to the game account; answers the transactions, and a wait for all to be credited. */
async function depositAll(
  players: CityPlayer[],
  quantity: string,
  expected: number,
): Promise<{ sent: string[]; credited: () => Promise<void> }> {
  const sent = await Promise.all(
    players.map((player) => sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', quantity, 'deposit')),
  );
  const credited = async () => {
    for (const player of players)
      expect(
        await eventually(
          () => runikOf(player),
          (runik) => runik === expected,
          60_000,
        ),
      ).toBe(expected);
  };
  return { sent, credited };
}

/** What must come back exactly: every balance, every ledger entry, the chain follower's record and cursor. */
const snapshot = async () => ({
  balances: await game(`SELECT account_id, asset, amount FROM balances ORDER BY 1, 2`),
  entries: await game(`SELECT id, posting_id, account_id, asset, delta, reason, reference FROM ledger_entries ORDER BY id`),
  transfers: await game(`SELECT transaction_id, log_index, status FROM chain_transfers ORDER BY 1, 2`),
  cursor: await game(`SELECT block_number FROM chain_cursor`),
});

async function invariantsHold(): Promise<void> {
  const db = new Client({ connectionString: cluster.url(DATABASE) });
  await db.connect();
  try {
    expect((await conservation(db)).flatMap((check) => check.problems)).toEqual([]);
  } finally {
    await db.end();
  }
}

describe('backups and a restore to a point in time', () => {
  it(
    'brings the ledger, the balances and the follower cursor back as they were, and credits no transfer twice',
    async () => {
      const players: CityPlayer[] = [];
      for (let batch = 0; batch < PLAYERS; batch += 10) {
        players.push(...(await Promise.all(Array.from({ length: Math.min(10, PLAYERS - batch) }, () => newCityPlayer(stack, 'bkp')))));
      }
      const first = await depositAll(players, '1.000', 1);
      await first.credited();

      // The base backup while the worker credits a round of deposits: a live game.
      const second = await depositAll(players, '2.000', 3);
      backup('base');
      await second.credited();
      backup('dump');
      expect(await game(`SELECT kind FROM backup_runs ORDER BY id`)).toEqual([{ kind: 'base' }, { kind: 'dump' }]);
      // What the backup alerts (docker/prometheus/rules.yml) watch.
      const { data: metrics } = await axios.get<string>(`${stack.apiUrl}/metrics`, {
        auth: { username: 'admin', password: BULL_BOARD_PASSWORD },
      });
      for (const kind of ['base', 'dump'])
        expect(metrics).toMatch(new RegExp(`^runik_backup_last_success_timestamp_seconds\\{kind="${kind}"\\} \\d+`, 'm'));
      expect(metrics).toMatch(/^runik_wal_archived_total [1-9]/m);
      expect(metrics).toMatch(/^runik_wal_archive_failures_total 0$/m);
      expect(metrics).toMatch(/^runik_wal_last_archived_timestamp_seconds \d+/m);

      const before = await snapshot();
      const [{ target }] = await game(`SELECT clock_timestamp()::text AS target`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const third = await depositAll(players, '4.000', 7);
      await third.credited();
      // The segment holding the third deposit is archived, as archive_timeout would within a minute.
      const [{ segment }] = await game(`SELECT pg_walfile_name(pg_switch_wal()) AS segment`);
      await eventually(
        () => game(`SELECT last_archived_wal FROM pg_stat_archiver`),
        ([row]) => row.last_archived_wal >= segment,
        30_000,
      );

      // Retention keeps the newest base backup and the WAL it needs, and drops the WAL from before it.
      const walBefore = readdirSync(join(backupDir, 'wal'));
      backup('prune');
      const walAfter = readdirSync(join(backupDir, 'wal'));
      expect(walAfter.length).toBeLessThan(walBefore.length);
      expect(walAfter).toContain(segment);

      // The database is lost: the worker stops, the server crashes, its data directory goes.
      await stack.killWorker();
      cluster.stop('immediate');
      execFileSync('rm', ['-rf', cluster.dataDir]);

      const [base] = readdirSync(join(backupDir, 'base'));
      runAsOwner('sh', [RESTORE_SCRIPT, join(backupDir, 'base', base), cluster.dataDir, target], { BACKUP_DIR: backupDir });
      cluster.start();
      const recovered = () => queryDatabase<{ recovering: boolean }>(cluster.url(DATABASE), `SELECT pg_is_in_recovery() AS recovering`);
      expect(await eventually(recovered, ([row]) => row.recovering === false, 60_000)).toEqual([{ recovering: false }]);

      expect(await snapshot()).toEqual(before);
      for (const player of players) expect(await runikOf(player)).toBe(3);
      await invariantsHold();

      // The follower resumes from the restored cursor: the third deposit is credited again, once; the first two never twice.
      await stack.startWorker();
      for (const player of players)
        expect(
          await eventually(
            () => runikOf(player),
            (runik) => runik === 7,
            120_000,
          ),
        ).toBe(7);
      const credits = await game(
        `SELECT reference, count(DISTINCT posting_id)::int AS postings FROM ledger_entries WHERE reason = 'deposit' GROUP BY 1 ORDER BY 1`,
      );
      expect(credits).toEqual([...first.sent, ...second.sent, ...third.sent].sort().map((reference) => ({ reference, postings: 1 })));
      await invariantsHold();

      // The dump restores on its own too, into another database: the game as it was at the dump (two deposits).
      runAsOwner('createdb', ['--host', '127.0.0.1', '--port', String(cluster.port), '--username', 'postgres', 'from_dump']);
      const [dump] = readdirSync(join(backupDir, 'dump'));
      runAsOwner('pg_restore', [
        '--host',
        '127.0.0.1',
        '--port',
        String(cluster.port),
        '--username',
        'postgres',
        '--dbname',
        'from_dump',
        join(backupDir, 'dump', dump),
      ]);
      const restored = await queryDatabase<{ amount: string }>(
        cluster.url('from_dump'),
        `SELECT b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id = ANY($1) AND b.asset = 'runik'`,
        [players.map((player) => player.playerId)],
      );
      expect(restored).toEqual(players.map(() => ({ amount: '3000' })));
    },
    180_000 + PLAYERS * 6_000,
  );
});
