import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

/** PostgreSQL's programs (Debian's layout); POSTGRES_BIN to use others. */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: then every command runs as the postgres user, who owns the cluster's folder. */
const asRoot = userInfo().uid === 0;

/** A temp folder the cluster's owner may write to. */
export function ownedTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    );
  return dir;
}

/** Runs a command as the cluster's owner, with these variables and PostgreSQL's programs first on PATH; returns its stdout. */
export function runAsOwner(command: string, args: string[], extraEnv: Record<string, string> = {}): string {
  const env = { PATH: `${BIN}:${process.env.PATH}`, ...extraEnv };
  const full = asRoot
    ? (['runuser', ['-u', 'postgres', '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), command, ...args]] as const)
    : ([command, args] as const);
  return execFileSync(full[0], [...full[1]], { env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface PostgresCluster {
  /** The folder holding the data directory and whatever the test puts beside it (owned by the cluster's owner). */
  root: string;
  dataDir: string;
  port: number;
  url(database: string): string;
  /** The libpq variables that reach it as the superuser. */
  libpqEnv(database: string): Record<string, string>;
  start(): void;
  /** `immediate` is a crash: no checkpoint, as when the machine dies. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Stops it if running and removes everything. */
  destroy(): void;
}

/** A PostgreSQL cluster of the test's own (initdb, pg_ctl) in a temp folder, on a free port, with these settings and the server's environment. */
export async function createPostgresCluster(
  settings: Record<string, string> = {},
  serverEnv: Record<string, string> = {},
): Promise<PostgresCluster> {
  const root = ownedTempDir('runik-pg-');
  const dataDir = join(root, 'data');
  const port = await freePort();
  runAsOwner(join(BIN, 'initdb'), ['--pgdata', dataDir, '--username', 'postgres', '--auth', 'trust', '--no-sync']);
  const options = Object.entries({ port: String(port), listen_addresses: '127.0.0.1', unix_socket_directories: root, ...settings })
    .map(([name, value]) => `-c ${name}='${value.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const pgCtl = (...args: string[]) => runAsOwner(join(BIN, 'pg_ctl'), ['--pgdata', dataDir, ...args], serverEnv);
  let running = false;
  const cluster: PostgresCluster = {
    root,
    dataDir,
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    libpqEnv: (database) => ({ PGHOST: '127.0.0.1', PGPORT: String(port), PGUSER: 'postgres', PGDATABASE: database }),
    start() {
      pgCtl('start', '--wait', '--timeout', '120', '--log', join(root, 'postgres.log'), '-o', options);
      running = true;
    },
    stop(mode = 'fast') {
      pgCtl('stop', '--wait', '--mode', mode);
      running = false;
    },
    destroy() {
      if (running) cluster.stop('immediate');
      rmSync(root, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
