import { cryptoUtils, Signature } from '@hiveio/dhive';
import { createContext, runInContext } from 'node:vm';
import { eventually, key, postRpc, startTestSim, type TestSim } from './test-support';

interface KeychainResponse {
  success: boolean;
  error: string | null;
  result: unknown;
  data: Record<string, unknown>;
  message: string;
  request_id: number;
  publicKey?: string;
}
type Callback = (response: KeychainResponse) => void;
interface DevKeychain {
  isDevWallet: boolean;
  requestHandshake(callback: () => void): void;
  requestSignBuffer(account: string, message: string, key: string, callback: Callback): void;
  requestTransfer(account: string, to: string, amount: string, memo: string, currency: string, callback: Callback): void;
  requestSendToken(account: string, to: string, amount: string, memo: string, currency: string, callback: Callback): void;
  requestCustomJson(account: string, id: string, key: string, json: string, displayMessage: string, callback: Callback): void;
}

/** Runs /keychain.js in a fake browser window whose fetch reaches the sim. */
async function loadDevWallet(url: string): Promise<{ keychain: DevKeychain; info: jest.Mock }> {
  const response = await fetch(`${url}/keychain.js`);
  expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
  const info = jest.fn();
  const window: Record<string, unknown> = {
    console: { info },
    document: { currentScript: { src: `${url}/keychain.js` } },
    fetch,
    setTimeout,
    URL,
  };
  window['window'] = window;
  window['self'] = window;
  runInContext(await response.text(), createContext(window));
  return { keychain: window['hive_keychain'] as DevKeychain, info };
}

const ask = <A extends unknown[]>(request: (...args: [...A, Callback]) => void, ...args: A) =>
  new Promise<KeychainResponse>((resolve) => request(...args, resolve));

describe('hive-sim dev wallet (/keychain.js)', () => {
  let t: TestSim;
  let keychain: DevKeychain;
  let info: jest.Mock;
  beforeAll(async () => {
    t = await startTestSim();
    ({ keychain, info } = await loadDevWallet(t.sim.url));
  });
  afterAll(() => t.sim.close());

  it('defines window.hive_keychain and answers the handshake asynchronously', async () => {
    expect(keychain.isDevWallet).toBe(true);
    let answered = false;
    const handshake = new Promise<void>((resolve) =>
      keychain.requestHandshake(() => {
        answered = true;
        resolve();
      }),
    );
    expect(answered).toBe(false);
    await handshake;
  });

  it('signs a buffer with the posting key, as the extension answers', async () => {
    const message = 'runik-login:1234';
    const response = await ask(keychain.requestSignBuffer.bind(keychain), 'alice', message, 'Posting');
    const postingKey = key('alice', 'posting').createPublic().toString();
    expect(response).toMatchObject({
      success: true,
      error: null,
      message: 'Message signed succesfully.',
      publicKey: postingKey,
      data: { type: 'signBuffer', username: 'alice', message, method: 'Posting' },
    });
    const signature = Signature.fromString(response.result as string);
    expect(signature.recover(cryptoUtils.sha256(message)).toString()).toBe(postingKey);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('signBuffer'), expect.anything());
  });

  it('calls back with success false for an unknown key type', async () => {
    const response = await ask(keychain.requestSignBuffer.bind(keychain), 'alice', 'x', 'Owner');
    expect(response).toMatchObject({ success: false, result: null, error: expect.stringContaining('Invalid key type') });
    expect(response.message).toBe(response.error);
  });

  it('sends tokens with the active key through Hive Engine', async () => {
    const response = await ask(keychain.requestSendToken.bind(keychain), 'wanda', 'xena', '2.500', 'deposit', 'RNK');
    expect(response.success).toBe(true);
    const { id } = response.result as { id: string };
    const transaction = await eventually(async () => (await postRpc(`${t.sim.url}/blockchain`, 'getTransactionInfo', { txid: id })).result);
    const { events } = JSON.parse((transaction as { logs: string }).logs);
    expect(events[0].data).toEqual({ from: 'wanda', to: 'xena', symbol: 'RNK', quantity: '2.500' });
  });

  it('transfers HIVE and reports chain errors in the callback', async () => {
    const sent = await ask(keychain.requestTransfer.bind(keychain), 'yara', 'xena', '3.000', '', 'HIVE');
    expect(sent).toMatchObject({ success: true, result: { id: expect.any(String) }, data: { type: 'transfer', to: 'xena' } });
    const [yara] = await t.client.database.getAccounts(['yara']);
    expect(yara.balance).toBe('97.000 HIVE');
    const failed = await ask(keychain.requestTransfer.bind(keychain), 'yara', 'xena', '500.000', '', 'HIVE');
    expect(failed).toMatchObject({ success: false, result: null, error: expect.stringContaining('sufficient funds') });
  });

  it('broadcasts a custom_json with the requested key', async () => {
    const response = await ask(keychain.requestCustomJson.bind(keychain), 'zack', 'runik', 'Posting', '{"a":1}', 'Play');
    expect(response).toMatchObject({ success: true, result: { id: expect.any(String) }, data: { type: 'custom', id: 'runik' } });
  });
});
