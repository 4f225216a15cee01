import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, WORKSPACE_ROOT } from './processes';

export interface Nginx {
  url: string;
  /** Lines of its access log (docker/nginx.conf's `runik` format: the client address first, `upstream=` last). */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

/** Replaces `from` in the text, or fails: the production file changed and the test must follow it. */
function rewrite(text: string, from: string | RegExp, to: string): string {
  if (!(typeof from === 'string' ? text.includes(from) : from.test(text))) throw new Error(`docker/nginx.conf no longer has ${from}`);
  return text.replace(from, to);
}

/**
 * Debian's nginx (1.22) running docker/nginx.conf and docker/security-headers.conf as the web image does, with
 * only what a test machine has not rewritten: the api replicas are fixed local addresses instead of `api:3000
 * resolve` re-resolved through Docker's DNS (`resolve` needs nginx 1.27.3), it listens on a free port of
 * 127.0.0.1, and logs, pid and files live in a temp folder (an index.html, sw.js and manifest.webmanifest stand for the web build).
 */
export async function startNginx(apiUrls: string[]): Promise<Nginx> {
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is not installed: apt-get install -y nginx (README, Quick start)');
  const dir = mkdtempSync(join(tmpdir(), 'runik-nginx-'));
  const root = join(dir, 'html');
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Runik</title>');
  writeFileSync(join(root, 'sw.js'), "// the installable app's service worker");
  writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"Runik"}');
  const port = await freePort();
  const servers = apiUrls.map((url) => `server ${new URL(url).host};`).join(' ');

  // The web image's build step fills in the Hive Engine and HiveAuth origins (web.Dockerfile).
  writeFileSync(
    join(dir, 'security-headers.conf'),
    rewrite(
      rewrite(
        readFileSync(join(WORKSPACE_ROOT, 'docker/security-headers.conf'), 'utf8'),
        /__HIVE_ENGINE_ORIGIN__/g,
        'https://api.hive-engine.com',
      ),
      /__HIVEAUTH_ORIGIN__/g,
      'wss://hive-auth.arcange.eu',
    ),
  );
  let site = readFileSync(join(WORKSPACE_ROOT, 'docker/nginx.conf'), 'utf8');
  site = rewrite(site, /^resolver .*;$/m, '');
  site = rewrite(site, /server api:3000 resolve;/g, servers);
  site = rewrite(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = rewrite(site, '/var/log/nginx/access.log', join(dir, 'access.log'));
  site = rewrite(site, 'root /usr/share/nginx/html;', `root ${root};`);
  site = rewrite(site, /\/etc\/nginx\/snippets\/security-headers\.conf/g, join(dir, 'security-headers.conf'));
  writeFileSync(join(dir, 'default.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(dir, kind)};`).join('\n  ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
${userInfo().uid === 0 ? 'user root;' : ''}
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} info;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  ${temp}
  include ${join(dir, 'default.conf')};
}
`,
  );
  const nginx: ChildProcess = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    if (
      await fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('nginx did not answer within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    accessLog: () => readFileSync(join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean),
    errorLog: () => readFileSync(join(dir, 'error.log'), 'utf8'),
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
