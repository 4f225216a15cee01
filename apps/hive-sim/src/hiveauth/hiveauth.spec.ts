import { Client, cryptoUtils, PrivateKey, Signature } from '@hiveio/dhive';
import { WebSocket } from 'ws';
import { startHiveSim, type RunningHiveSim } from '../sim';
import { hasDecrypt, hasEncrypt } from './has-crypto';
import { HiveAuthErrors } from './has-server';
import { answerHiveAuth, answerHiveAuthSign, parseHiveAuthLink } from './has-wallet';

const PASSWORD = 'devpass';

/** An app on the HiveAuth server, sending what hive-auth-wrapper sends and keeping what it hears. */
async function appOn(url: string) {
  const socket = new WebSocket(url);
  const heard: Record<string, unknown>[] = [];
  socket.on('message', (raw) => heard.push(JSON.parse(String(raw)) as Record<string, unknown>));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (cmd: string, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = heard.findIndex((message) => message['cmd'] === cmd);
      if (index >= 0) return heard.splice(index, 1)[0];
      if (Date.now() > deadline) throw new Error(`no ${cmd}: heard ${JSON.stringify(heard)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Asks `account` to sign `challenge`; the link the page would show (deep link or QR code). */
  const authenticate = async (account: string, challenge: string, key = 'app-key-0001') => {
    const data = hasEncrypt(JSON.stringify({ app: { name: 'Runik' }, challenge: { key_type: 'posting', challenge } }), key);
    socket.send(JSON.stringify({ cmd: 'auth_req', account, data }));
    const wait = await next('auth_wait');
    const payload = { account, uuid: wait['uuid'], key, host: url };
    return { wait, link: `has://auth_req/${Buffer.from(JSON.stringify(payload)).toString('base64')}` };
  };
  return { socket, heard, next, authenticate, close: () => socket.close() };
}

describe('HiveAuth stand-in (issue 49, item 4)', () => {
  let sim: RunningHiveSim;
  beforeAll(async () => {
    sim = await startHiveSim({ port: 0, password: PASSWORD });
  });
  afterAll(() => sim.close());

  it('encrypts as CryptoJS and OpenSSL do (the payloads phone wallets read)', () => {
    // `printf 'hello hiveauth' | openssl enc -aes-256-cbc -md md5 -salt -a -A -pass pass:0f6e1c3a-key`
    expect(hasDecrypt('U2FsdGVkX19GLHNvAnhp2mgD1hzDPWLM8UzbJPxQg0I=', '0f6e1c3a-key')).toBe('hello hiveauth');
    const sealed = hasEncrypt('{"a":1}', 'k');
    expect(sealed.startsWith('U2FsdGVkX1')).toBe(true);
    expect(hasDecrypt(sealed, 'k')).toBe('{"a":1}');
    expect(() => hasDecrypt(sealed, 'another key')).toThrow();
  });

  it('relays a login: the wallet reads the link, signs the challenge with the posting key, the app gets the signature', async () => {
    const app = await appOn(sim.hiveAuthUrl);
    expect(await app.next('connected')).toEqual({ cmd: 'connected', server: 'hive-sim', timeout: 60, protocol: 1 });
    const { wait, link } = await app.authenticate('alice', 'Runik login for @alice');
    expect(wait).toEqual({ cmd: 'auth_wait', uuid: expect.any(String), expire: expect.any(Number), account: 'alice' });
    expect(parseHiveAuthLink(link)).toEqual({ account: 'alice', uuid: wait['uuid'], key: 'app-key-0001', host: sim.hiveAuthUrl });

    const asked = await answerHiveAuth(link, { password: PASSWORD });
    expect(asked).toEqual({ app: { name: 'Runik' }, challenge: { key_type: 'posting', challenge: 'Runik login for @alice' } });
    const ack = await app.next('auth_ack');
    expect(ack['uuid']).toBe(wait['uuid']);
    const data = JSON.parse(hasDecrypt(String(ack['data']), 'app-key-0001')) as { challenge: { challenge: string; pubkey: string } };
    const posting = PrivateKey.fromLogin('alice', PASSWORD, 'posting').createPublic().toString();
    expect(data.challenge.pubkey).toBe(posting);
    const recovered = Signature.fromString(data.challenge.challenge).recover(cryptoUtils.sha256('Runik login for @alice'));
    expect(recovered.toString()).toBe(posting);
    app.close();
  });

  it('relays a payment: the wallet broadcasts the Hive Engine transfer with the active key and the app gets its id', async () => {
    const app = await appOn(sim.hiveAuthUrl);
    const { link } = await app.authenticate('frank', 'Runik login for @frank', 'key-of-frank');
    await answerHiveAuth(link, { password: PASSWORD });
    await app.next('auth_ack');

    const json = JSON.stringify({
      contractName: 'tokens',
      contractAction: 'transfer',
      contractPayload: { symbol: 'SWAP.HIVE', to: 'runik.game', quantity: '1.000', memo: 'runik-packs:frank:1' },
    });
    const ops = [['custom_json', { id: 'ssc-mainnet-hive', required_auths: ['frank'], required_posting_auths: [], json }]];
    const data = hasEncrypt(JSON.stringify({ key_type: 'active', ops, broadcast: true, nonce: Date.now() }), 'key-of-frank');
    app.socket.send(JSON.stringify({ cmd: 'sign_req', account: 'frank', data }));
    const signWait = await app.next('sign_wait');
    const answered = answerHiveAuthSign(link, { password: PASSWORD, nodeUrl: sim.url });
    const { asked, txId } = await answered;
    expect(asked.ops).toEqual(ops);
    const ack = await app.next('sign_ack');
    expect(ack).toEqual({ cmd: 'sign_ack', uuid: signWait['uuid'], broadcast: true, data: txId });
    // The transfer is on the chain the sim serves.
    const transaction = (await new Client(sim.url, { timeout: 5000, failoverThreshold: 1 }).call('condenser_api', 'get_transaction', [
      txId,
    ])) as { operations: unknown[] };
    expect(transaction.operations).toEqual(ops);
    app.close();
  });

  it("relays a refusal the app can check (the nack's data is the request's uuid under the key)", async () => {
    const app = await appOn(sim.hiveAuthUrl);
    const { wait, link } = await app.authenticate('bob', 'Runik login for @bob', 'key-of-bob');
    await answerHiveAuth(link, { password: PASSWORD, refuse: true });
    const nack = await app.next('auth_nack');
    expect(hasDecrypt(String(nack['data']), 'key-of-bob')).toBe(wait['uuid']);
    expect(app.heard.some((message) => message['cmd'] === 'auth_ack')).toBe(false);
    app.close();
  });

  it('answers a replayed answer with an error and relays nothing more', async () => {
    const app = await appOn(sim.hiveAuthUrl);
    const { link } = await app.authenticate('carol', 'Runik login for @carol');
    await answerHiveAuth(link, { password: PASSWORD });
    await app.next('auth_ack');
    await expect(answerHiveAuth(link, { password: PASSWORD, timeoutMs: 1_000 })).rejects.toThrow(/no HiveAuth request/);
    // The same answer sent again by hand: the server knows no such request any more.
    const { uuid, key } = parseHiveAuthLink(link);
    const replay = new WebSocket(sim.hiveAuthUrl);
    const error = await new Promise<Record<string, unknown>>((resolve) => {
      replay.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as Record<string, unknown>;
        if (message['cmd'] === 'connected') replay.send(JSON.stringify({ cmd: 'auth_ack', uuid, data: hasEncrypt('{}', key) }));
        if (message['cmd'] === 'error') resolve(message);
      });
    });
    expect(error).toEqual({ cmd: 'error', uuid, error: HiveAuthErrors.unknownRequest });
    replay.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.heard.filter((message) => message['cmd'] === 'auth_ack')).toEqual([]);
    app.close();
  });

  it('refuses an answer after the request expired, and the app hears nothing', async () => {
    const short = await startHiveSim({ port: 0, password: PASSWORD, hiveAuthTimeoutMs: 300 });
    try {
      const app = await appOn(short.hiveAuthUrl);
      const { link } = await app.authenticate('dave', 'Runik login for @dave');
      await new Promise((resolve) => setTimeout(resolve, 400));
      // Past its expiry the request is no longer handed to a wallet.
      await expect(answerHiveAuth(link, { password: PASSWORD, timeoutMs: 500 })).rejects.toThrow(/no HiveAuth request/);
      expect(app.heard.filter((message) => message['cmd'] === 'auth_ack')).toEqual([]);

      // A wallet that got the request in time but answers late is told so; the app hears nothing.
      const late = await app.authenticate('erin', 'Runik login for @erin');
      const { uuid, key } = parseHiveAuthLink(late.link);
      const wallet = new WebSocket(short.hiveAuthUrl);
      const error = await new Promise<Record<string, unknown>>((resolve) => {
        wallet.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as Record<string, unknown>;
          if (message['cmd'] === 'connected') wallet.send(JSON.stringify({ cmd: 'register', accounts: [{ name: 'erin' }] }));
          if (message['cmd'] === 'auth_req')
            setTimeout(() => wallet.send(JSON.stringify({ cmd: 'auth_ack', uuid, data: hasEncrypt('{}', key) })), 400);
          if (message['cmd'] === 'error') resolve(message);
        });
      });
      expect(error).toEqual({ cmd: 'error', uuid, error: HiveAuthErrors.expired });
      wallet.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(app.heard.filter((message) => message['cmd'] === 'auth_ack')).toEqual([]);
      app.close();
    } finally {
      await short.close();
    }
  });
});
