import { randomBytes } from 'node:crypto';
import { Client, PrivateKey, type Operation } from '@hiveio/dhive';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidHiveUsername } from '@runik/rules';
import type { Ledger } from '../ledger';

/**
 * A stand-in for HiveSigner (hivesigner.com) for development and tests, speaking what the `hivesigner` 3.3.5 SDK
 * speaks:
 *
 * - `GET /oauth2/authorize?client_id&redirect_uri&scope&state`: the login page. Its form (the user: a test, or a
 *   developer, for any account hive-sim knows the dev keys of) approves with `POST /oauth2/authorize`, which redirects
 *   to `redirect_uri` with `access_token`, `username`, `expires_in` (and `state`), as HiveSigner does; "Deny" redirects
 *   with `error=access_denied`.
 * - `GET|POST /api/me` with the token in `Authorization` (bare, as the SDK sends it): `{ user, _id, name, account,
 *   scope, user_metadata }` for a live token; 401 `{ error: 'invalid_grant', error_description }` otherwise.
 * - `GET /sign/custom-json?required_auths&required_posting_auths&id&json[&redirect_uri]`: the signing link for an
 *   operation a token cannot sign (HiveSigner's tokens are posting authority only; a Hive Engine transfer needs the
 *   active key). The page shows the operation; its Approve (`POST /sign/custom-json`) broadcasts it to this node with
 *   the dev key of the account (active for `required_auths`, else posting), as the signer would after the player
 *   typed their key, then shows the transaction id (or redirects to `redirect_uri` with `id`). Deny changes nothing.
 * - `POST /dev/hivesigner/expire { token }` (tests only): the token expires now.
 *
 * A token has HiveSigner's shape: base64url of `{ signed_message: { type: 'login', app }, authors: [username],
 * timestamp, signatures }`, so an app reads which app (client_id) and account it was issued to; only the stand-in's
 * record of it (random signature, expiry) makes it live, as only HiveSigner's signature does on mainnet.
 */
export interface HiveSignerOptions {
  /** How long a token lives, in seconds (HiveSigner: 7 days). */
  tokenTtlSeconds: number;
  /** The sim's dev password: the signing page signs with `PrivateKey.fromLogin(account, password, role)`. */
  password: string;
  now: () => number;
}

interface IssuedToken {
  username: string;
  app: string;
  scope: string[];
  expiresAt: number;
}

export const HiveSignerErrors = {
  missingToken: 'Missing access token',
  invalidToken: 'The token is invalid',
  expiredToken: 'The token has expired',
} as const;

export class HiveSignerStandIn {
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    private readonly ledger: Ledger,
    private readonly options: HiveSignerOptions,
  ) {}

  register(app: FastifyInstance): void {
    app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      scope.get('/oauth2/authorize', async (request, reply) => this.loginPage(request, reply));
      scope.post('/oauth2/authorize', async (request, reply) => this.approve(request, reply));
      scope.get('/api/me', async (request, reply) => this.me(request, reply));
      scope.post('/api/me', async (request, reply) => this.me(request, reply));
      scope.get('/sign/custom-json', async (request, reply) => this.signPage(request, reply));
      scope.post('/sign/custom-json', async (request, reply) => this.sign(request, reply));
      scope.post('/dev/hivesigner/expire', async (request, reply) => {
        const token = (request.body as { token?: unknown } | undefined)?.token;
        const issued = typeof token === 'string' ? this.tokens.get(token) : undefined;
        if (!issued) return reply.code(404).send({ error: HiveSignerErrors.invalidToken });
        issued.expiresAt = this.options.now() - 1;
        return { success: true };
      });
    });
  }

  private loginPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const query = request.query as Record<string, string | undefined>;
    const params = authorizeParams(query);
    if (typeof params === 'string') return refused(reply, params);
    const hidden = Object.entries(params)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
      .join('');
    const body = `<h1>HiveSigner (hive-sim)</h1>
<p><strong>${escape(params.client_id)}</strong> asks to log you in (scope: ${escape(params.scope || 'login')}).</p>
<form method="post" action="/oauth2/authorize">${hidden}
<label>Username <input name="username" autocomplete="off" value="${escape(query['account'] ?? '')}"></label>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`;
    return reply.type('text/html').send(page(body));
  }

  private approve(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const params = authorizeParams(form);
    if (typeof params === 'string') return refused(reply, params);
    const target = new URL(params.redirect_uri);
    if (params.state) target.searchParams.set('state', params.state);
    if (form['decision'] === 'deny') {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString(), 302);
    }
    const username = (form['username'] ?? '').trim().toLowerCase();
    if (!isValidHiveUsername(username)) return reply.code(400).type('text/html').send(page('<p role="alert">Invalid username</p>'));
    this.ledger.account(username);
    const scope = (params.scope || 'login').split(',').filter(Boolean);
    const token = this.issue(username, params.client_id, scope);
    target.searchParams.set('access_token', token);
    target.searchParams.set('username', username);
    target.searchParams.set('expires_in', String(this.options.tokenTtlSeconds));
    return reply.redirect(target.toString(), 302);
  }

  private signPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const params = signParams(request.query as Record<string, string | undefined>);
    if (typeof params === 'string') return refused(reply, params);
    const hidden = Object.entries(params.query)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
      .join('');
    const [, operation] = params.operation;
    const body = `<h1>HiveSigner (hive-sim)</h1>
<p>Sign this operation as <strong>@${escape(params.account)}</strong> with the ${params.role} key:</p>
<pre data-testid="operation">${escape(JSON.stringify({ custom_json: { ...operation, json: JSON.parse(operation.json) as unknown } }, null, 2))}</pre>
<form method="post" action="/sign/custom-json">${hidden}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`;
    return reply.type('text/html').send(page(body));
  }

  private async sign(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const params = signParams(form);
    if (typeof params === 'string') return refused(reply, params);
    if (form['decision'] !== 'approve') return reply.type('text/html').send(page('<p role="status">Nothing was signed.</p>'));
    const key = PrivateKey.fromLogin(params.account, this.options.password, params.role);
    // Through this node's own JSON-RPC, as any signer broadcasts: the chain checks the signature and authorities.
    const client = new Client(`http://${request.headers.host ?? '127.0.0.1'}`, { timeout: 5_000, failoverThreshold: 1 });
    let id: string;
    try {
      ({ id } = await client.broadcast.sendOperations([params.operation], key));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return reply
        .code(400)
        .type('text/html')
        .send(page(`<p role="alert">The broadcast failed: ${escape(message)}</p>`));
    }
    if (params.redirectUri) {
      const target = new URL(params.redirectUri);
      target.searchParams.set('id', id);
      return reply.redirect(target.toString(), 302);
    }
    return reply.type('text/html').send(page(`<p role="status">Broadcast: <code data-testid="transaction-id">${escape(id)}</code></p>`));
  }

  /** A new live token for `username`, issued to `app`. */
  issue(username: string, app: string, scope: string[] = ['login']): string {
    const now = this.options.now();
    const message = {
      signed_message: { type: 'login', app },
      authors: [username],
      timestamp: Math.floor(now / 1000),
      signatures: [randomBytes(65).toString('hex')],
    };
    const token = Buffer.from(JSON.stringify(message)).toString('base64url');
    this.tokens.set(token, { username, app, scope, expiresAt: now + this.options.tokenTtlSeconds * 1000 });
    return token;
  }

  private me(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
    if (!token) return reply.code(401).send({ error: 'invalid_grant', error_description: HiveSignerErrors.missingToken });
    const issued = this.tokens.get(token);
    if (!issued) return reply.code(401).send({ error: 'invalid_grant', error_description: HiveSignerErrors.invalidToken });
    if (issued.expiresAt <= this.options.now()) {
      return reply.code(401).send({ error: 'invalid_grant', error_description: HiveSignerErrors.expiredToken });
    }
    const account = this.ledger.account(issued.username);
    return reply.send({
      user: issued.username,
      _id: issued.username,
      name: issued.username,
      account: { id: account.id, name: account.name, created: account.created, posting: { key_auths: [[account.publicKeys.posting, 1]] } },
      scope: issued.scope,
      user_metadata: {},
    });
  }
}

type AuthorizeParams = { client_id: string; redirect_uri: string; scope: string; state: string };

/** The OAuth2 request's parameters, or what is wrong with them. */
function authorizeParams(source: Record<string, string | undefined>): AuthorizeParams | string {
  const clientId = source['client_id'] ?? '';
  const redirectUri = source['redirect_uri'] ?? '';
  if (!isValidHiveUsername(clientId)) return 'client_id must be the app account';
  if (!isHttpUrl(redirectUri)) return 'redirect_uri must be an http(s) URL';
  return { client_id: clientId, redirect_uri: redirectUri, scope: source['scope'] ?? '', state: source['state'] ?? '' };
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

type SignParams = {
  account: string;
  role: 'active' | 'posting';
  operation: Operation & [string, { required_auths: string[]; required_posting_auths: string[]; id: string; json: string }];
  redirectUri: string | null;
  /** The link's parameters, carried by the page's form. */
  query: Record<string, string>;
};

/** The signing link's `custom_json` (the SDK's parameters: JSON arrays of names, the id, the JSON text), or what is wrong. */
function signParams(source: Record<string, string | undefined>): SignParams | string {
  const names = (field: string): string[] | null => {
    try {
      const parsed = JSON.parse(source[field] ?? '[]') as unknown;
      return Array.isArray(parsed) && parsed.every((name) => typeof name === 'string' && isValidHiveUsername(name)) ? parsed : null;
    } catch {
      return null;
    }
  };
  const requiredAuths = names('required_auths');
  const requiredPostingAuths = names('required_posting_auths');
  if (!requiredAuths || !requiredPostingAuths) return 'required_auths and required_posting_auths must be JSON arrays of account names';
  const account = requiredAuths[0] ?? requiredPostingAuths[0];
  if (!account || requiredAuths.length + requiredPostingAuths.length !== 1) return 'exactly one account must sign';
  const id = source['id'] ?? '';
  const json = source['json'] ?? '';
  if (!id || id.length > 32) return 'id must be 1 to 32 characters';
  try {
    JSON.parse(json);
  } catch {
    return 'json must be JSON';
  }
  const redirectUri = source['redirect_uri'] || null;
  if (redirectUri && !isHttpUrl(redirectUri)) return 'redirect_uri must be an http(s) URL';
  const query: Record<string, string> = {
    required_auths: JSON.stringify(requiredAuths),
    required_posting_auths: JSON.stringify(requiredPostingAuths),
    id,
    json,
  };
  if (redirectUri) query['redirect_uri'] = redirectUri;
  return {
    account,
    role: requiredAuths.length > 0 ? 'active' : 'posting',
    operation: ['custom_json', { required_auths: requiredAuths, required_posting_auths: requiredPostingAuths, id, json }],
    redirectUri,
    query,
  };
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>HiveSigner (hive-sim)</title></head><body>${body}</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A link or form the stand-in cannot act on: 400, saying why, as HiveSigner's own pages do. */
function refused(reply: FastifyReply, reason: string): FastifyReply {
  return reply
    .code(400)
    .type('text/html')
    .send(page(`<p role="alert">${escape(reason)}</p>`));
}
