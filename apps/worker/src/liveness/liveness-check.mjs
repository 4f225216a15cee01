// The worker container's health check (docker/compose.yml): exits 0 when every heartbeat file in
// WORKER_HEARTBEAT_DIR (apps/worker/src/liveness/heartbeat.ts) was stamped within the last
// MAX_AGE_SECONDS, 1 otherwise, saying which loop is stale. With --kill it also sends SIGKILL to the
// worker that stamped the stale file (its pid is the file's content): Docker outside Swarm never
// restarts an unhealthy container, but `restart: unless-stopped` restarts one whose worker died, and
// the worker is built to be killed at any moment (jobs are idempotent, work pending is in PostgreSQL).
// Plain Node, no dependencies: it runs every few seconds beside the worker.
//   node apps/worker/src/liveness/liveness-check.mjs 120 [--kill]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.WORKER_HEARTBEAT_DIR;
const maxAgeSeconds = Number(process.argv[2]);
const kill = process.argv.includes('--kill');
if (!dir || !(maxAgeSeconds > 0)) {
  console.error('usage: WORKER_HEARTBEAT_DIR=<dir> node liveness-check.mjs <max age in seconds> [--kill]');
  process.exit(2);
}

let files;
try {
  files = readdirSync(dir);
} catch (error) {
  console.error(`no heartbeat: ${error.message}`);
  process.exit(1);
}
if (files.length === 0) {
  console.error(`no heartbeat in ${dir}`);
  process.exit(1);
}
const now = Date.now();
const stale = files
  .map((name) => ({ name, path: join(dir, name), age: (now - statSync(join(dir, name)).mtimeMs) / 1000 }))
  .filter(({ age }) => age > maxAgeSeconds);
if (stale.length === 0) {
  console.log(`alive: ${files.join(', ')}`);
  process.exit(0);
}
console.error(stale.map(({ name, age }) => `${name}: last beat ${age.toFixed(0)} s ago`).join('; '));
if (kill) {
  const pid = Number(readFileSync(stale[0].path, 'utf8'));
  try {
    process.kill(pid, 'SIGKILL');
    console.error(`killed the worker (pid ${pid})`);
  } catch (error) {
    console.error(`cannot kill pid ${pid}: ${error.message}`);
  }
}
process.exit(1);
