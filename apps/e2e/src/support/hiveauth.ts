import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import axios from 'axios';
import { WebSocket } from 'ws';

/**
 * HiveAuth for system tests: the app side as hive-auth-wrapper speaks it (the web app uses the wrapper itself), against
 * hive-sim's HiveAuth server at ws://<sim>/hiveauth, and the scripted wallet hive-sim runs (POST /dev/hiveauth/answer),
 * which reads the `has://auth_req/` link as a phone reads the deep link or QR code.
 */
export function hiveAuthUrl(simUrl: string): string {
  return `${simUrl.replace(/^http/, 'ws')}/hiveauth`;
}

// CryptoJS's AES with a passphrase (OpenSSL's format: "Salted__", salt, AES-256-CBC, EVP_BytesToKey with MD5).
function keyAndIv(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  let derived = Buffer.alloc(0);
  let block = Buffer.alloc(0);
  while (derived.length < 48) {
    block = createHash('md5')
      .update(Buffer.concat([block, Buffer.from(passphrase, 'utf8'), salt]))
      .digest();
    derived = Buffer.concat([derived, block]);
  }
  return { key: derived.subarray(0, 32), iv: derived.subarray(32, 48) };
}

function encrypt(text: string, passphrase: string): string {
  const salt = randomBytes(8);
  const { key, iv } = keyAndIv(passphrase, salt);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([Buffer.from('Salted__', 'latin1'), salt, cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

function decrypt(data: string, passphrase: string): string {
  const bytes = Buffer.from(data, 'base64');
  const { key, iv } = keyAndIv(passphrase, bytes.subarray(8, 16));
  const decipher = createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
}

export type HiveAuthAnswer = { kind: 'approved'; signature: string; pubkey: string } | { kind: 'refused' } | { kind: 'expired' };

export interface HiveAuthRequest {
  /** The deep link the page shows (and its QR code encodes). */
  link: string;
  uuid: string;
  expire: number;
  /** What the wallet answered, or that the request expired unanswered. */
  answer: Promise<HiveAuthAnswer>;
  close(): void;
}

/** An app's connection to the HiveAuth server: what it sends, and the next message it hears that `accept`s. */
async function appSocket(serverUrl: string) {
  const socket = new WebSocket(serverUrl);
  const heard: Record<string, unknown>[] = [];
  socket.on('message', (raw) => heard.push(JSON.parse(String(raw)) as Record<string, unknown>));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (accept: (message: Record<string, unknown>) => boolean, deadline: number) => {
    for (;;) {
      const index = heard.findIndex(accept);
      if (index >= 0) return heard.splice(index, 1)[0];
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Sends a `<kind>_req` and waits for its `<kind>_wait`: the request's uuid and expiry. */
  const request = async (kind: 'auth' | 'sign', account: string, data: string) => {
    socket.send(JSON.stringify({ cmd: `${kind}_req`, account, data }));
    const wait = await next((message) => message['cmd'] === `${kind}_wait`, Date.now() + 5_000);
    if (!wait) throw new Error(`no ${kind}_wait: heard ${JSON.stringify(heard)}`);
    const uuid = String(wait['uuid']);
    const expire = Number(wait['expire']);
    const answer = () =>
      next((message) => message['uuid'] === uuid && new RegExp(`^${kind}_(ack|nack|err)$`).test(String(message['cmd'])), expire);
    return { uuid, expire, answer };
  };
  return { request, close: () => socket.close() };
}

/** Asks `account`'s HiveAuth wallet to sign `challenge` with its posting key, as the login does. */
export async function requestHiveAuthLogin(serverUrl: string, account: string, challenge: string): Promise<HiveAuthRequest> {
  const key = randomUUID();
  const app = await appSocket(serverUrl);
  const data = encrypt(JSON.stringify({ app: { name: 'Runik' }, challenge: { key_type: 'posting', challenge } }), key);
  const { uuid, expire, answer: answered } = await app.request('auth', account, data);
  const link = `has://auth_req/${Buffer.from(JSON.stringify({ account, uuid, key, host: serverUrl })).toString('base64')}`;
  const answer = (async (): Promise<HiveAuthAnswer> => {
    const message = await answered();
    if (!message) return { kind: 'expired' };
    if (message['cmd'] !== 'auth_ack') return { kind: 'refused' };
    const { challenge: signed } = JSON.parse(decrypt(String(message['data']), key)) as { challenge: { challenge: string; pubkey: string } };
    return { kind: 'approved', signature: signed.challenge, pubkey: signed.pubkey };
  })();
  return { link, uuid, expire, answer, close: app.close };
}

export type HiveAuthSignAnswer = { kind: 'broadcast'; txId: string } | { kind: 'refused' } | { kind: 'expired' };

/**
 * Asks the wallet paired through `link` (its account and key) to sign and broadcast `ops` with the active key, as the
 * web app's payments do (hive-auth-wrapper's `broadcast`: a `sign_req` encrypted with the pairing's key).
 */
export async function requestHiveAuthSign(
  link: string,
  ops: [string, Record<string, unknown>][],
): Promise<{ answer: Promise<HiveAuthSignAnswer>; close: () => void }> {
  const { account, key, host } = JSON.parse(Buffer.from(link.slice('has://auth_req/'.length), 'base64').toString('utf8')) as Record<
    string,
    string
  >;
  const app = await appSocket(host);
  const data = encrypt(JSON.stringify({ key_type: 'active', ops, broadcast: true, nonce: Date.now() }), key);
  const { answer: answered } = await app.request('sign', account, data);
  const answer = (async (): Promise<HiveAuthSignAnswer> => {
    const message = await answered();
    if (!message) return { kind: 'expired' };
    if (message['cmd'] !== 'sign_ack') return { kind: 'refused' };
    return { kind: 'broadcast', txId: String(message['data']) };
  })();
  return { answer, close: app.close };
}

/** hive-sim's scripted wallet, paired through `link`, answers the account's next sign request (a payment). */
export async function walletSigns(simUrl: string, link: string, answer: 'approve' | 'refuse' = 'approve') {
  return axios.post<{ answered?: string; txId?: string | null; error?: string }>(
    `${simUrl}/dev/hiveauth/sign`,
    { link, answer },
    { validateStatus: () => true },
  );
}

/** hive-sim's scripted wallet answers the request of `link`: 200 with what it was asked, or 400 with why it could not. */
export async function walletAnswers(simUrl: string, link: string, answer: 'approve' | 'refuse' | 'forge' = 'approve') {
  return axios.post<{ answered?: string; error?: string }>(
    `${simUrl}/dev/hiveauth/answer`,
    { link, answer },
    { validateStatus: () => true },
  );
}
