import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiRoutes, ErrorMessages, TextMessages } from '@runik/contract';
import { apiClient, login, registerFree, signedChallenge } from '../support/api-client';
import { queryDatabase } from '../support/database';
import { uniqueUsername } from '../support/hive';
import { BULL_BOARD_PASSWORD, startStack, Stack } from '../support/stack';

const METRICS_TOKEN = 'scrape-secret-0123456789';
const OPS_AUTH = `Basic ${Buffer.from(`admin:${BULL_BOARD_PASSWORD}`).toString('base64')}`;

// A stand-in for the built web app: the api serves whatever WEB_DIST_DIR holds the same way.
const webDir = mkdtempSync(join(tmpdir(), 'runik-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Runik</title><div id="root"></div>');
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log("runik")');
mkdirSync(join(webDir, 'admin'));
writeFileSync(join(webDir, 'admin', 'economy.html'), '<!doctype html><title>Runik · Economy</title><div id="root"></div>');

let stack: Stack;

async function newPlayer(prefix: string): Promise<{ username: string; token: string }> {
  const username = uniqueUsername(prefix);
  return { username, token: (await registerFree(apiClient(stack.apiUrl), username)).token };
}
beforeAll(async () => (stack = await startStack({ webDistDir: webDir, extraEnv: { METRICS_TOKEN } })));
afterAll(async () => {
  await stack?.stop();
  rmSync(webDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends the path exactly as written (an HTTP client library would normalise it). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(stack.apiUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The ways an attacker may spell one path so that a check on the raw URL and the router disagree. */
function spellings(path: string): string[] {
  const [, first, ...rest] = path.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  const encodedLetters = [...first].map((letter, index) => {
    const code = letter.charCodeAt(0).toString(16);
    return `/${first.slice(0, index)}%${index % 2 === 0 ? code : code.toUpperCase()}${first.slice(index + 1)}${tail}`;
  });
  return [
    path,
    ...encodedLetters,
    `/${encodeURIComponent(first).replace(/./g, (c) => `%${c.charCodeAt(0).toString(16)}`)}${tail}`,
    ...(tail ? [`/${first}%2F${rest.join('/')}`, `/${first}%2f${rest.join('/')}`, `/${first}//${rest.join('/')}`] : []),
    `/${path}`,
    `/.${path}`,
    `/%2e${path}`,
    `/x/..${path}`,
    `/x/%2e%2e${path}`,
    `${path}/./`,
    `/${first}/.${tail}`,
    `/${first.toUpperCase()}${tail}`,
    `/${first[0].toUpperCase()}${first.slice(1)}${tail}`,
    `${path}/`,
    `/${first};a=1${tail}`,
    `${path};jsessionid=1`,
    `${path}?a=1`,
    `${path}%00`,
    `${path}%20`,
  ];
}

interface OpsRoute {
  method: string;
  path: string;
}

const OPS_ROUTES: OpsRoute[] = [
  { method: 'GET', path: '/admin/queues' },
  { method: 'GET', path: '/admin/queues/api/queues' },
  // A write route: resuming a queue that runs changes nothing.
  { method: 'PUT', path: '/admin/queues/api/queues/ledger/resume' },
  { method: 'GET', path: '/metrics' },
  { method: 'GET', path: '/api/admin/health' },
  // The operators' economy page of the web build, and its file.
  { method: 'GET', path: '/admin/economy' },
  { method: 'GET', path: '/admin/economy.html' },
];

describe('ops surfaces', () => {
  for (const route of OPS_ROUTES) {
    const methods = route.method === 'GET' ? ['GET', 'HEAD', 'OPTIONS'] : [route.method, 'OPTIONS'];
    it(`${route.method} ${route.path}: every spelling is 401 or 404 without credentials, and 200 with them where a route answers`, async () => {
      const seen: string[] = [];
      const violations: string[] = [];
      for (const method of methods) {
        for (const path of spellings(route.path)) {
          const anonymous = await raw(method, path);
          const wrong = await raw(method, path, { Authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` });
          const operator = await raw(method, path, { Authorization: OPS_AUTH });
          const line = `${method} ${path}: ${anonymous.status} ${wrong.status} ${operator.status}`;
          seen.push(line);
          const refused = (status: number) => status === 401 || status === 404;
          // Past the credentials, the api's own routes refuse an unknown query parameter (400).
          const reached = operator.status === 200 || (operator.status === 400 && path.includes('?'));
          // A route that answers the operator asks the others for credentials.
          const consistent = !reached || (anonymous.status === 401 && wrong.status === 401);
          if (!refused(anonymous.status) || !refused(wrong.status) || !(reached || operator.status === 404) || !consistent)
            violations.push(line);
        }
      }
      expect(violations).toEqual([]);
      // The plain spelling, the red team's %61dmin and a query string reach the route.
      const first = route.path.split('/')[1];
      for (const path of [route.path, `/%${first.charCodeAt(0).toString(16)}${route.path.slice(2)}`]) {
        expect(seen).toContain(`${route.method} ${path}: 401 401 200`);
        if (route.method === 'GET') expect(seen).toContain(`HEAD ${path}: 401 401 200`);
      }
      expect(seen).toContainEqual(
        expect.stringMatching(new RegExp(`^${route.method} ${route.path.replace(/\//g, '\\/')}\\?a=1: 401 401 (200|400)$`)),
      );
    });
  }

  it('takes the metrics token on /metrics only, compared in full', async () => {
    expect((await raw('GET', '/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);
    expect((await raw('GET', '/metrics', { Authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await raw('GET', '/metrics', { Authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` })).status).toBe(401);
    expect((await raw('GET', '/admin/queues/api/queues', { Authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(401);
    expect((await raw('GET', '/api/admin/health', { Authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(401);
  });

  it('asks for basic credentials with a JSON error', async () => {
    const response = await raw('GET', '/%61dmin/queues/api/queues');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Basic realm="Runik operations"/);
    expect(JSON.parse(response.body)).toEqual({ error: 'Operator credentials are required.' });
  });

  it('gives operators the health details: PostgreSQL, Redis and the treasury', async () => {
    const response = await raw('GET', '/api/admin/health', { Authorization: OPS_AUTH });
    expect(JSON.parse(response.body)).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, redis: { status: 'up' }, treasury: { status: 'up' } },
    });
  });
});

describe('security headers', () => {
  it.each([
    ['the web app', '/'],
    ['a client route', '/city'],
    ['an asset', '/assets/app-1234.js'],
    ['an API answer', '/api/health'],
    ['an API error', '/api/city/resources/nobody'],
    ['an unknown path', '/nowhere/at.all'],
  ])('are on %s (%s)', async (_what, path) => {
    const { headers } = await raw('GET', path);
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Scripts from the app itself, and outside production from hive-sim's dev wallet only.
    expect(csp).toContain(`script-src 'self' ${stack.simUrl}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the app for client routes and JSON 404 for odd spellings of server paths', async () => {
    expect((await raw('GET', '/alliance')).body).toContain('<div id="root">');
    for (const path of ['/api/nothing', '/API/health/', '/Metrics/', '/%61pi/x', '/a%2fb', '/x;y']) {
      const response = await raw('GET', path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.body).not.toContain('<div id="root">');
    }
  });
});

describe('the session cookie', () => {
  const setCookies = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat().map(String);
  /** A Set-Cookie line's attributes, lower-cased, without its name and value. */
  const attributesOf = (line: string) =>
    line
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
  const CLEARED = ['path=/', 'secure', 'httponly', 'samesite=strict', 'max-age=0', 'expires=thu, 01 jan 1970 00:00:00 gmt'];

  it('is set by login as __Host-runik_session (HttpOnly, Secure, SameSite=Strict, Path=/, no Domain), works in place of the header, and is cleared by logout', async () => {
    const player = await newPlayer('cookie');
    const api = apiClient(stack.apiUrl);
    const loginResponse = await api.post(ApiRoutes.verifyLogin, await signedChallenge(api, player.username));
    expect(loginResponse.status).toBe(200);
    const cookie = setCookies(loginResponse).find((line) => line.startsWith('__Host-runik_session=')) ?? '';
    const attributes = attributesOf(cookie);
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/']));
    expect(attributes.some((part) => part.startsWith('expires='))).toBe(true);
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
    const sessionCookie = cookie.split(';')[0];
    expect(sessionCookie).toBe(`__Host-runik_session=${loginResponse.data.token}`);

    const resources = ApiRoutes.cityResources(player.username);
    expect((await api.get(resources, { headers: { Cookie: sessionCookie } })).status).toBe(200);
    expect((await api.get(resources)).status).toBe(401);
    // The old name is no session cookie any more.
    expect((await api.get(resources, { headers: { Cookie: `runik_session=${loginResponse.data.token}` } })).status).toBe(401);
    // The header wins over the cookie: another player's cookie does not change whose call it is.
    expect(
      (await apiClient(stack.apiUrl, player.token).get(resources, { headers: { Cookie: '__Host-runik_session=not-a-session-0000000' } }))
        .status,
    ).toBe(200);

    const logout = await api.post(ApiRoutes.logout, undefined, { headers: { Cookie: sessionCookie } });
    expect(logout.status).toBe(200);
    // Its own cookie, and a partitioned one of the same name that another page may have planted.
    const cleared = setCookies(logout).map((line) => [line.split(';')[0], attributesOf(line).sort()]);
    expect(cleared).toHaveLength(2);
    expect(cleared).toEqual(
      expect.arrayContaining([
        ['__Host-runik_session=', [...CLEARED].sort()],
        ['__Host-runik_session=', [...CLEARED, 'partitioned'].sort()],
      ]),
    );
    expect((await api.get(resources, { headers: { Cookie: sessionCookie } })).status).toBe(401);
  });

  it("refuses a call carrying two session cookies (one planted beside the player's), uses neither, and clears the planted one", async () => {
    const [victim, planter] = await Promise.all([newPlayer('ckvic'), newPlayer('ckpla')]);
    const api = apiClient(stack.apiUrl);
    const resources = ApiRoutes.cityResources(victim.username);
    for (const cookie of [
      `__Host-runik_session=${planter.token}; __Host-runik_session=${victim.token}`,
      `__Host-runik_session=${victim.token}; __Host-runik_session=${planter.token}`,
      `__Host-runik_session=${victim.token}; __Host-runik_session=${victim.token}`,
      `__Host-runik_session=${victim.token}; __Host-runik_session=garbage`,
    ]) {
      const refused = await api.get(resources, { headers: { Cookie: cookie } });
      expect({ cookie, status: refused.status, data: refused.data }).toEqual({
        cookie,
        status: 401,
        data: { error: ErrorMessages.twoSessionCookies },
      });
      expect(setCookies(refused).map((line) => [line.split(';')[0], attributesOf(line).sort()])).toEqual([
        ['__Host-runik_session=', [...CLEARED, 'partitioned'].sort()],
      ]);
    }
    // A state-changing call is refused too, and changes nothing: the planter's session never acts.
    const twoCookies = `__Host-runik_session=${planter.token}; __Host-runik_session=${victim.token}`;
    const markRead = await api.post(ApiRoutes.notificationsRead(planter.username), { all: true }, { headers: { Cookie: twoCookies } });
    expect(markRead.status).toBe(401);
    // Another cookie of the old name beside it is no second session cookie.
    expect(
      (await api.get(resources, { headers: { Cookie: `runik_session=${planter.token}; __Host-runik_session=${victim.token}` } })).status,
    ).toBe(200);
    // With the bearer header, the header decides, as ever.
    expect((await apiClient(stack.apiUrl, victim.token).get(resources, { headers: { Cookie: twoCookies } })).status).toBe(200);

    // Logout with two session cookies ends both sessions, the player's among them, and clears both cookies.
    const logout = await api.post(ApiRoutes.logout, undefined, { headers: { Cookie: twoCookies } });
    expect({ status: logout.status, data: logout.data }).toEqual({ status: 200, data: { success: true } });
    expect(setCookies(logout).map((line) => line.split(';')[0])).toEqual(['__Host-runik_session=', '__Host-runik_session=']);
    expect((await apiClient(stack.apiUrl, victim.token).get(resources)).status).toBe(401);
    expect((await apiClient(stack.apiUrl, planter.token).get(ApiRoutes.cityResources(planter.username))).status).toBe(401);
    // Two cookies naming no live session: 401, as one would be.
    expect((await api.post(ApiRoutes.logout, undefined, { headers: { Cookie: twoCookies } })).status).toBe(401);
  });
});

describe('requests from another site', () => {
  it('refuses a state-changing call whose Origin is not exactly the game (scheme, host and port), and changes nothing', async () => {
    const player = await newPlayer('origin');
    const api = apiClient(stack.apiUrl, player.token);
    const { host, port } = new URL(stack.apiUrl);
    for (const origin of [
      'https://evil.example',
      'null',
      `http://127.0.0.1:1`,
      'not a url',
      // The game's host and port, another scheme; the game's host, another port; its port, another host.
      `https://${host}`,
      `http://127.0.0.1`,
      `http://localhost:${port}`,
      `ws://${host}`,
    ]) {
      const refused = await api.post(ApiRoutes.logout, undefined, { headers: { Origin: origin } });
      expect({ origin, status: refused.status, data: refused.data }).toEqual({
        origin,
        status: 403,
        data: { error: 'Requests from another site are refused.' },
      });
    }
    expect((await api.get(ApiRoutes.cityResources(player.username))).status).toBe(200);
    // Bull Board's write routes too, even with the operator's credentials a browser remembers.
    const board = await raw('PUT', '/admin/queues/api/queues/ledger/pause', { Authorization: OPS_AUTH, Origin: 'https://evil.example' });
    expect(board.status).toBe(403);
    // Checked against the Host the request was sent to, never a client's X-Forwarded-Host, and the scheme
    // of the connection: this api trusts no proxy, so a client's X-Forwarded-Proto changes nothing.
    const forwarded = await raw('POST', ApiRoutes.logout, {
      Authorization: `Bearer ${player.token}`,
      Origin: 'https://evil.example',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(forwarded.status).toBe(403);
    const forwardedProto = await raw('POST', ApiRoutes.logout, {
      Authorization: `Bearer ${player.token}`,
      Origin: `https://${host}`,
      'X-Forwarded-Proto': 'https',
    });
    expect(forwardedProto.status).toBe(403);
    // Its own origin and a reading call from anywhere pass.
    expect((await api.get(ApiRoutes.cityResources(player.username), { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
    expect((await api.post(ApiRoutes.logout, undefined, { headers: { Origin: stack.apiUrl } })).status).toBe(200);
  });

  it('refuses a call without Origin that a browser says came from another site or origin; scripts that send neither pass', async () => {
    const player = await newPlayer('fetchsite');
    const api = apiClient(stack.apiUrl, player.token);
    const markRead = ApiRoutes.notificationsRead(player.username);
    for (const site of ['cross-site', 'same-site']) {
      const refused = await api.post(markRead, { all: true }, { headers: { 'Sec-Fetch-Site': site } });
      expect({ site, status: refused.status, data: refused.data }).toEqual({
        site,
        status: 403,
        data: { error: ErrorMessages.foreignOrigin },
      });
    }
    // Reading calls are never refused for it.
    expect((await api.get(ApiRoutes.cityResources(player.username), { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(200);
    // From a page of the game, typed by hand, or from a script (neither header): as before.
    for (const headers of [
      { 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'none' },
      {},
      { Origin: stack.apiUrl, 'Sec-Fetch-Site': 'same-origin' },
    ]) {
      const passed = await api.post(markRead, { all: true }, { headers });
      expect({ headers, status: passed.status, data: passed.data }).toEqual({ headers, status: 200, data: { unreadCount: 0 } });
    }
  });
});

describe('request bodies', () => {
  it('are JSON only: a form or plain text body answers 415 and changes nothing', async () => {
    const player = await newPlayer('form');
    const before = await apiClient(stack.apiUrl, player.token).get(ApiRoutes.cityResources(player.username));
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', `hiveUsername=${player.username}`],
      ['text/plain', JSON.stringify({ hiveUsername: player.username })],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const response = await raw('POST', ApiRoutes.logout, { Authorization: `Bearer ${player.token}`, 'Content-Type': type }, body);
      expect({ type, status: response.status }).toEqual({ type, status: 415 });
      expect(JSON.parse(response.body)).toEqual({ error: expect.any(String) });
    }
    // Still logged in, nothing spent (pending production alone grows with time).
    const after = await apiClient(stack.apiUrl, player.token).get(ApiRoutes.cityResources(player.username));
    expect(after.status).toBe(200);
    expect(after.data.resources).toEqual(before.data.resources);
  });
});

describe('a JSON body with a leading byte order mark', () => {
  it('answers 400 on every route that takes a body, and changes nothing', async () => {
    const player = await newPlayer('bom');
    const bearer = { Authorization: `Bearer ${player.token}` };
    const calls: [string, string, Record<string, string>, object][] = [
      ['POST', ApiRoutes.logout, bearer, {}],
      [
        'POST',
        ApiRoutes.allianceCreate,
        bearer,
        { hiveUsername: player.username, name: 'Byte Order', tag: 'BOM', icon: 'wolf', description: 'x' },
      ],
      ['POST', ApiRoutes.verifyLogin, {}, { username: player.username, signature: 'x' }],
      ['PUT', '/admin/queues/api/queues/ledger/pause', { Authorization: OPS_AUTH }, {}],
    ];
    for (const [method, path, headers, body] of calls) {
      const response = await raw(method, path, { ...headers, 'Content-Type': 'application/json' }, `\uFEFF${JSON.stringify(body)}`);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      // Bull Board answers its errors in its own shape ({ error: { key }, message }).
      const answer = JSON.parse(response.body);
      expect(path.startsWith('/admin/') ? answer.message : answer).toEqual(
        path.startsWith('/admin/') ? ErrorMessages.byteOrderMark : { error: ErrorMessages.byteOrderMark },
      );
    }
    // Still logged in; the same body without the mark goes through.
    expect((await apiClient(stack.apiUrl, player.token).get(ApiRoutes.cityResources(player.username))).status).toBe(200);
    expect((await raw('POST', ApiRoutes.logout, { ...bearer, 'Content-Type': 'application/json' }, '{}')).status).toBe(200);
  });
});

describe('production mode', () => {
  it('shows only up or down at /api/health, the details to operators, and no OpenAPI document unless API_DOCS is on', async () => {
    const production = await stack.startApi({ NODE_ENV: 'production', GAME_ACCOUNT_ACTIVE_KEY: 'unused-by-the-api' });
    const api = apiClient(production);
    const health = await api.get(ApiRoutes.health);
    expect(health.status).toBe(200);
    expect(health.data).toEqual({ status: 'ok' });
    expect((await api.get('/api/docs')).status).toBe(404);
    expect((await api.get('/api/docs-json')).status).toBe(404);
    expect((await api.get('/api/admin/health')).status).toBe(401);
    const details = await api.get('/api/admin/health', { headers: { Authorization: OPS_AUTH } });
    expect(details.data).toMatchObject({ status: 'ok', info: { treasury: { status: 'up' } } });
    expect((await api.get('/metrics')).status).toBe(401);

    const withDocs = await stack.startApi({ NODE_ENV: 'production', GAME_ACCOUNT_ACTIVE_KEY: 'unused-by-the-api', API_DOCS: 'true' });
    expect((await apiClient(withDocs).get('/api/docs-json')).status).toBe(200);
    // Any login still works there (the session is shared through PostgreSQL).
    expect((await login(apiClient(withDocs), (await newPlayer('prod')).username)).token).toBeDefined();
  });
});

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[] }>>;
}

describe('query parameters', () => {
  it('every GET route of the API refuses an unknown one with 400 naming it', async () => {
    const player = await newPlayer('query');
    const api = apiClient(stack.apiUrl, player.token);
    const { paths } = (await api.get<OpenApiDocument>('/api/docs-json')).data;
    const valueOf = (name: string) => (/username/i.test(name) ? player.username : name === 'txId' ? 'a'.repeat(40) : '1');
    const answers: string[] = [];
    for (const [template, item] of Object.entries(paths)) {
      if (!item.get) continue;
      const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(valueOf(name)));
      const query = new URLSearchParams();
      for (const parameter of item.get.parameters ?? []) {
        if (parameter.in === 'query' && parameter.required)
          query.set(parameter.name, parameter.schema?.enum?.[0] ?? valueOf(parameter.name));
      }
      query.set('bogus', '1');
      const response = await api.get(`${path}?${query}`);
      answers.push(`${template}: ${response.status} ${JSON.stringify(response.data?.error ?? null)}`);
    }
    expect(answers.length).toBeGreaterThan(40);
    expect(answers.filter((answer) => !/: 400 ".*bogus.*"$/.test(answer))).toEqual([]);
  });

  it("validates deposit/check's amount", async () => {
    const player = await newPlayer('amount');
    const api = apiClient(stack.apiUrl, player.token);
    const check = (amount: string) => api.get(ApiRoutes.depositCheck('e'.repeat(40), player.username, amount));
    for (const amount of ['NaN', 'abc', '-1', '0', '1e3', '1.0001', '99999999999999999999', 'Infinity', ' ']) {
      const response = await check(amount);
      expect({ amount, status: response.status, data: response.data }).toEqual({
        amount,
        status: 400,
        data: { error: 'Amount must be a positive RUNIK amount with at most 3 decimals.' },
      });
    }
    expect((await check('1.5')).data).toEqual({ error: 'Deposit not found' });
  });
});

describe("the shop's item name", () => {
  it.each([
    ['NUL', 'RUNIK\u0000Pouch', TextMessages.controlCharacter('Item name')],
    ['a newline', 'RUNIK\nPouch', TextMessages.controlCharacter('Item name')],
    ['a right-to-left override', 'RUNIK\u202EPouch', TextMessages.hiddenCharacter('Item name')],
    ['a zero-width joiner', 'RUNIK\u200DPouch', TextMessages.hiddenCharacter('Item name')],
    ['a lone surrogate', 'RUNIK\uD800Pouch', TextMessages.brokenText('Item name')],
  ])('refuses %s with 400 and records no purchase', async (_what, itemName, message) => {
    const player = await newPlayer('shop');
    const response = await apiClient(stack.apiUrl, player.token).post(ApiRoutes.shopPurchaseCreate, {
      hiveUsername: player.username,
      itemName,
      price: '0.01',
      hiveTxId: 'b'.repeat(40),
    });
    expect({ status: response.status, data: response.data }).toEqual({ status: 400, data: { error: message } });
    expect(await queryDatabase(stack.database.url, 'SELECT 1 FROM shop_purchases')).toEqual([]);
  });
});
