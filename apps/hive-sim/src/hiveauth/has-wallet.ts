import { Client, cryptoUtils, PrivateKey, type Operation } from '@hiveio/dhive';
import { WebSocket } from 'ws';
import { hasDecrypt, hasEncrypt } from './has-crypto';

/**
 * A scripted HiveAuth wallet (PKSA) for tests, answering as a phone would: it reads the `has://auth_req/` link the
 * page shows (as a deep link or QR code), connects to the server the link names, registers the account, decrypts the
 * request with the link's key, and approves it (signing the challenge with the dev key the sim derives) or refuses it.
 */
export interface HiveAuthLink {
  account: string;
  uuid: string;
  key: string;
  host: string;
}

/** The payload of a `has://auth_req/<base64 JSON>` link. */
export function parseHiveAuthLink(link: string): HiveAuthLink {
  const match = /^has:\/\/auth_req\/(.+)$/.exec(link);
  if (!match) throw new Error(`not a HiveAuth link: ${link}`);
  const payload = JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')) as Partial<HiveAuthLink>;
  const { account, uuid, key, host } = payload;
  if (![account, uuid, key, host].every((value) => typeof value === 'string')) throw new Error('incomplete HiveAuth link');
  return payload as HiveAuthLink;
}

/** What the app asked, decrypted. */
export interface AuthRequestData {
  app: { name: string; description?: string; icon?: string };
  challenge?: { key_type: string; challenge: string };
}

export interface AnswerOptions {
  /** The sim's dev password (keys from `PrivateKey.fromLogin`). */
  password: string;
  /** Refuse instead of approving. */
  refuse?: boolean;
  /** Sign with this key instead of the account's (a forged signature). */
  signingKey?: PrivateKey;
  /** How long the wallet waits for the request, in milliseconds. */
  timeoutMs?: number;
}

/** A scripted wallet's connection to the HiveAuth server, registered for a link's account. */
interface WalletSocket {
  account: string;
  key: string;
  send(message: object): void;
  /** Gives up: the socket closes and the answer's promise rejects. */
  fail(error: Error): void;
  /** The request came: no more timeout. */
  received(): void;
  close(): void;
}

/**
 * Opens the wallet's connection for the link's account and registers it; hands every message but `connected` and
 * `error` to `onMessage`. Fails when `waitingFor` has not come within the timeout, or the server sends an error.
 */
function openWallet(
  link: string,
  timeoutMs: number | undefined,
  waitingFor: string,
  reject: (error: Error) => void,
  onMessage: (message: Record<string, unknown>, wallet: WalletSocket) => void,
): void {
  const { account, key, host } = parseHiveAuthLink(link);
  const socket = new WebSocket(host);
  const timer = setTimeout(() => wallet.fail(new Error(`no HiveAuth ${waitingFor} for @${account}`)), timeoutMs ?? 10_000);
  const wallet: WalletSocket = {
    account,
    key,
    send: (message) => socket.send(JSON.stringify(message)),
    fail: (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    },
    received: () => clearTimeout(timer),
    close: () => socket.close(),
  };
  socket.on('error', wallet.fail);
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Record<string, unknown>;
    if (message['cmd'] === 'connected')
      return wallet.send({ cmd: 'register', app: 'runik-scripted-wallet', accounts: [{ name: account }] });
    if (message['cmd'] === 'error') return wallet.fail(new Error(String(message['error'])));
    onMessage(message, wallet);
  });
}

/**
 * Answers the authentication request a link names; resolves with what the app asked. Rejects when the request never
 * arrives, or the server refuses the answer (expired, already answered).
 */
export function answerHiveAuth(link: string, options: AnswerOptions): Promise<AuthRequestData> {
  const { uuid } = parseHiveAuthLink(link);
  return new Promise<AuthRequestData>((resolve, reject) => {
    openWallet(link, options.timeoutMs, `request ${uuid}`, reject, (message, { account, key, send, received, close }) => {
      if (message['cmd'] !== 'auth_req' || message['uuid'] !== uuid) return;
      const asked = JSON.parse(hasDecrypt(String(message['data']), key)) as AuthRequestData;
      if (options.refuse) {
        send({ cmd: 'auth_nack', uuid, data: hasEncrypt(uuid, key) });
      } else {
        const signer = options.signingKey ?? PrivateKey.fromLogin(account, options.password, 'posting');
        const challenge = asked.challenge?.challenge ?? '';
        send({
          cmd: 'auth_ack',
          uuid,
          data: hasEncrypt(
            JSON.stringify({
              expire: Date.now() + 24 * 3600_000,
              challenge: { challenge: signer.sign(cryptoUtils.sha256(challenge)).toString(), pubkey: signer.createPublic().toString() },
            }),
            key,
          ),
        });
      }
      // The server says nothing to a wallet whose answer it relayed: a refusal (`error`) comes at once if any.
      setTimeout(() => {
        received();
        close();
        resolve(asked);
      }, 200);
    });
  });
}

/** What an app asks a wallet to sign (`sign_req`), decrypted. */
export interface SignRequestData {
  key_type: 'posting' | 'active';
  ops: Operation[];
  broadcast: boolean;
  nonce: number;
}

export interface SignOptions {
  password: string;
  /** The Hive node to broadcast through (the sim's). */
  nodeUrl: string;
  refuse?: boolean;
  timeoutMs?: number;
}

/**
 * Answers the next sign request for the account of a login link (a phone wallet keeps the link's key after the login):
 * broadcasts the operations with the dev key of the asked type and answers `sign_ack` with the transaction id, or
 * `sign_nack`. Resolves with what was asked and the transaction id (null when refused).
 */
export function answerHiveAuthSign(link: string, options: SignOptions): Promise<{ asked: SignRequestData; txId: string | null }> {
  return new Promise((resolve, reject) => {
    openWallet(link, options.timeoutMs, 'sign request', reject, (message, { account, key, send, fail, received, close }) => {
      if (message['cmd'] !== 'sign_req' || typeof message['uuid'] !== 'string') return;
      const uuid = message['uuid'];
      const asked = JSON.parse(hasDecrypt(String(message['data']), key)) as SignRequestData;
      const done = (txId: string | null) => {
        received();
        setTimeout(close, 200);
        resolve({ asked, txId });
      };
      if (options.refuse) {
        send({ cmd: 'sign_nack', uuid, data: hasEncrypt(uuid, key) });
        return done(null);
      }
      const signer = PrivateKey.fromLogin(account, options.password, asked.key_type);
      new Client(options.nodeUrl, { timeout: 5_000, failoverThreshold: 1 }).broadcast.sendOperations(asked.ops, signer).then(
        ({ id }) => {
          send({ cmd: 'sign_ack', uuid, broadcast: true, data: id });
          done(id);
        },
        (error: Error) => {
          send({ cmd: 'sign_err', uuid, error: hasEncrypt(error.message, key) });
          fail(error);
        },
      );
    });
  });
}
