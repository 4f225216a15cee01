import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dropTestDatabase } from '@runik/server/testing/database';
import { WORKSPACE_ROOT } from './processes';
import { startStack, Stack } from './stack';

/**
 * One stack (hive-sim, api, worker, database, Redis prefix) shared by the system files a Jest worker runs one after
 * another, instead of one started and stopped per file: starting one costs about 6 CPU-seconds, and npm test runs
 * dozens. A file may share it when it only plays with players of its own making and kills, stops or reconfigures
 * nothing (a file that does starts a stack of its own with startStack). Between files the processes live on: each
 * Jest worker notes its stack in a file (Jest gives every test file a fresh module registry, so no variable
 * survives), and the run's global teardown stops every noted process and drops the databases.
 */
interface SharedStackNote {
  apiUrl: string;
  simUrl: string;
  simUrls: string[];
  database: { name: string; url: string };
  redisPrefix: string;
  /** Every process this worker's shared stacks started, still running or not. */
  pids: number[];
}

/** The run's notes: the run's template database names the run (set by its global setup, inherited by the workers). */
const notesDirectory = () => join(WORKSPACE_ROOT, 'tmp', 'shared-stacks', process.env.RUNIK_TEST_TEMPLATE ?? 'outside-a-run');

export async function sharedStack(): Promise<Stack> {
  return sharedStackOf('stack', () => startStack({ outlivesFile: true }));
}

/**
 * This Jest worker's shared stack of a kind (a note each): the one an earlier file noted while its api answers, else
 * the one `start` starts (with `outlivesFile`), noted for the next file.
 */
export async function sharedStackOf(kind: string, start: () => Promise<Stack>): Promise<Stack> {
  const notePath = join(notesDirectory(), `${kind}-worker-${process.env.JEST_WORKER_ID ?? '1'}.json`);
  const earlier = existsSync(notePath) ? (JSON.parse(readFileSync(notePath, 'utf8')) as SharedStackNote) : undefined;
  if (earlier && (await answers(`${earlier.apiUrl}/api/health/ready`))) return sharedView(earlier);
  const stack = await start();
  const note: SharedStackNote = {
    apiUrl: stack.apiUrl,
    simUrl: stack.simUrl,
    simUrls: stack.simUrls,
    database: { name: stack.database.name, url: stack.database.url },
    redisPrefix: stack.redisPrefix,
    pids: [...(earlier?.pids ?? []), ...stack.pids()],
  };
  mkdirSync(notesDirectory(), { recursive: true });
  writeFileSync(notePath, JSON.stringify(note));
  return sharedView(note);
}

/** The shared stack as a file sees it: its processes are not the file's to stop or signal. */
function sharedView(note: SharedStackNote): Stack {
  const notYours = (what: string) => () => {
    throw new Error(`${what}: this file shares its stack with others; start one of its own (startStack) to do that`);
  };
  return {
    apiUrl: note.apiUrl,
    simUrl: note.simUrl,
    simUrls: note.simUrls,
    database: { ...note.database, drop: async () => undefined },
    redisPrefix: note.redisPrefix,
    killWorker: notYours('killWorker'),
    startWorker: notYours('startWorker'),
    startApi: notYours('startApi'),
    restartSim: notYours('restartSim'),
    processes: notYours('processes'),
    pids: () => note.pids,
    // The run's global teardown stops it.
    stop: async () => undefined,
  };
}

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    (response) => response.ok,
    () => false,
  );
}

/** For the run's global teardown: stops every shared stack's processes (SIGTERM, then SIGKILL after 5 s) and drops its database. */
export async function stopSharedStacks(): Promise<void> {
  const directory = notesDirectory();
  if (!existsSync(directory)) return;
  const notes = readdirSync(directory).map((file) => JSON.parse(readFileSync(join(directory, file), 'utf8')) as SharedStackNote);
  await Promise.all(notes.flatMap((note) => note.pids).map(stopProcessById));
  await Promise.all(notes.map((note) => dropTestDatabase(note.database.name)));
  rmSync(directory, { recursive: true, force: true });
}

async function stopProcessById(pid: number): Promise<void> {
  // A process that exited but was not yet reaped by its Jest worker still answers kill(pid, 0): its state is Z.
  const alive = () => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
}
