import { PrivateKey, type ExtendedAccount } from '@hiveio/dhive';
import { startHiveSim, type RunningHiveSim } from './sim';
import { postJson, postRpc, type RpcAnswer } from './test-support';

describe('hive-sim dev endpoints', () => {
  let sim: RunningHiveSim;
  beforeAll(async () => {
    sim = await startHiveSim({ port: 0, password: 'other' });
  });
  afterAll(() => sim.close());

  const faucet = (body: object) => postJson<{ error?: string; balance?: string }>(`${sim.url}/dev/faucet`, body);

  it('reports health with CORS open to any origin', async () => {
    const response = await fetch(`${sim.url}/health`, { headers: { origin: 'http://localhost:4200' } });
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
    const preflight = await fetch(`${sim.url}/contracts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4200',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('adds funds with the faucet', async () => {
    expect(await faucet({ account: 'alice', symbol: 'SWAP.HIVE', quantity: '0.12345678' })).toEqual({
      status: 200,
      body: { account: 'alice', symbol: 'SWAP.HIVE', balance: '100.12345678' },
    });
    expect((await faucet({ account: 'alice', symbol: 'HIVE', quantity: '1' })).body.balance).toBe('101.000');
  });

  it.each([
    [{ account: 'alice', symbol: 'BEE', quantity: '1' }, 'symbol must be one of'],
    [{ account: 'alice', symbol: 'RNK', quantity: '1.0001' }, 'at most 3 decimals'],
    [{ account: 'alice', symbol: 'RNK', quantity: '-1' }, 'positive decimal'],
    [{ account: 'alice', symbol: 'RNK', quantity: 1 }, 'positive decimal'],
    [{ account: 'A!', symbol: 'RNK', quantity: '1' }, 'invalid account name'],
  ])('refuses faucet %j with 400', async (body, message) => {
    const { status, body: answer } = await faucet(body);
    expect(status).toBe(400);
    expect(answer.error).toContain(message);
  });

  it('moves the median price feed the Hive node answers, and refuses a malformed one', async () => {
    const median = async () => (await postRpc(sim.url, 'condenser_api.get_current_median_history_price', [])).result;
    expect(await median()).toEqual({ base: '0.250 HBD', quote: '1.000 HIVE' });
    const moved = await postJson(`${sim.url}/dev/price-feed`, { base: '0.300 HBD', quote: '1.000 HIVE' });
    expect(moved).toEqual({ status: 200, body: { base: '0.300 HBD', quote: '1.000 HIVE' } });
    expect(await median()).toEqual({ base: '0.300 HBD', quote: '1.000 HIVE' });
    for (const body of [{ base: '0.3 HBD', quote: '1.000 HIVE' }, { base: '0.300 HBD', quote: '1.000 HBD' }, {}]) {
      expect((await postJson(`${sim.url}/dev/price-feed`, body)).status).toBe(400);
    }
    expect(await median()).toEqual({ base: '0.300 HBD', quote: '1.000 HIVE' });
  });

  it('answers unparseable JSON-RPC bodies and unknown engine methods with JSON-RPC errors', async () => {
    const headers = { 'content-type': 'application/json' };
    const broken = await fetch(`${sim.url}/blockchain`, { method: 'POST', headers, body: '{' });
    expect(await broken.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    const { body: answers } = await postJson<RpcAnswer[]>(`${sim.url}/blockchain`, [
      { jsonrpc: '2.0', id: 1, method: 'getTransactionInfo', params: { txid: 'unknown' } },
      { jsonrpc: '2.0', id: 2, method: 'getBlockInfo', params: { blockNumber: 0 } },
      { jsonrpc: '2.0', id: 3, method: 'nope', params: {} },
    ]);
    const [info, genesis, unknown] = answers;
    expect(info).toEqual({ jsonrpc: '2.0', id: 1, result: null });
    expect(genesis.result).toMatchObject({ blockNumber: 0, transactions: [] });
    expect(unknown.error?.code).toBe(-32601);
  });

  it('derives keys from the configured password, in the chain and in the dev wallet', async () => {
    const { result } = await postRpc(sim.url, 'condenser_api.get_accounts', [['alice']]);
    const [alice] = result as ExtendedAccount[];
    expect(alice.posting.key_auths[0][0]).toBe(PrivateKey.fromLogin('alice', 'other', 'posting').createPublic().toString());
    expect(await (await fetch(`${sim.url}/keychain.js`)).text()).toContain('"other"');
  });
});
