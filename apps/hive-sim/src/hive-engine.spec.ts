import type { CustomJsonOperation } from '@hiveio/dhive';
import type { EngineTransaction } from './hive-engine';
import { eventually, key, postRpc, startTestSim, type TestSim } from './test-support';

const ENGINE_DELAY_MS = 200;

describe('hive-sim Hive Engine', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim(ENGINE_DELAY_MS);
  });
  afterAll(() => t.sim.close());

  const tokenTransfer = (to: string, quantity: string, symbol = 'RNK') => {
    const contractPayload = { symbol, to, quantity, memo: 'game' };
    return JSON.stringify({ contractName: 'tokens', contractAction: 'transfer', contractPayload });
  };
  const activeJson = (account: string, json: string): CustomJsonOperation[1] => ({
    id: 'ssc-mainnet-hive',
    required_auths: [account],
    required_posting_auths: [],
    json,
  });
  const blockchain = (method: string, params: object) => postRpc(`${t.sim.url}/blockchain`, method, params);
  const balances = (method: 'find' | 'findOne', params: object) =>
    postRpc(`${t.sim.url}/contracts`, method, { contract: 'tokens', table: 'balances', ...params });
  const transactionInfo = async (txid: string) => (await blockchain('getTransactionInfo', { txid })).result as EngineTransaction | null;
  const processed = (txid: string) => eventually(() => transactionInfo(txid));
  const balance = async (account: string, symbol: string) =>
    ((await balances('findOne', { query: { account, symbol } })).result as { balance: string }).balance;
  const postingJson = (account: string, json: string) => ({
    ...activeJson(account, json),
    required_auths: [],
    required_posting_auths: [account],
  });

  it('processes a token transfer after the engine delay and moves balances', async () => {
    const sentAt = Date.now();
    const sent = await t.client.broadcast.json(activeJson('alice', tokenTransfer('bob', '1.000')), key('alice', 'active'));
    // Not processed yet, unless the broadcast itself took longer than the delay (a loaded machine): the
    // promise is that it is processed no sooner than ENGINE_DELAY_MS after its Hive block (stamped after sentAt).
    const early = await transactionInfo(sent.id);
    if (early !== null) expect(Date.now() - sentAt).toBeGreaterThanOrEqual(ENGINE_DELAY_MS);

    const info = await processed(sent.id);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(ENGINE_DELAY_MS);
    expect(info).toMatchObject({ transactionId: sent.id, sender: 'alice', contract: 'tokens', action: 'transfer' });
    expect(JSON.parse(info.payload)).toEqual({ symbol: 'RNK', to: 'bob', quantity: '1.000', memo: 'game' });
    expect(JSON.parse(info.logs)).toEqual({
      events: [{ contract: 'tokens', event: 'transfer', data: { from: 'alice', to: 'bob', symbol: 'RNK', quantity: '1.000' } }],
    });
    const found = await balances('find', { query: { symbol: 'RNK' } });
    expect(found.result).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'alice', symbol: 'RNK', balance: '999.000', stake: '0' }),
        expect.objectContaining({ account: 'bob', symbol: 'RNK', balance: '1001.000' }),
      ]),
    );
    const latest = (await blockchain('getLatestBlockInfo', {})).result as { transactions: EngineTransaction[] };
    expect(latest.transactions.map((transaction) => transaction.transactionId)).toContain(sent.id);
  });

  it('records an overdrawn transfer with errors and leaves balances unchanged', async () => {
    const sent = await t.client.broadcast.json(activeJson('carl', tokenTransfer('dina', '1000.001')), key('carl', 'active'));
    expect(JSON.parse((await processed(sent.id)).logs)).toEqual({ errors: ['overdrawn balance'] });
    expect(await balance('carl', 'RNK')).toBe('1000.000');
    expect(await balance('dina', 'RNK')).toBe('1000.000');
  });

  // A sender per case: one account may send only 5 custom_json per block.
  it.each([
    ['pat', tokenTransfer('dina', '1.0001'), 'symbol precision mismatch'],
    ['quinn', tokenTransfer('dina', '0'), 'invalid quantity'],
    ['rosa', tokenTransfer('dina', '1', 'NOPE'), 'symbol does not exist'],
    ['sam', tokenTransfer('sam', '1'), 'cannot transfer to self'],
    ['tess', JSON.stringify({ contractName: 'market', contractAction: 'buy', contractPayload: {} }), 'unsupported action'],
  ])('records from %s %s with an error', async (sender, json, message) => {
    const sent = await t.client.broadcast.json(activeJson(sender, json), key(sender, 'active'));
    expect(JSON.parse((await processed(sent.id)).logs)).toEqual({ errors: [message] });
  });

  it('refuses a custom_json with required_auths signed by the posting key', async () => {
    await expect(t.client.broadcast.json(activeJson('emma', tokenTransfer('bob', '1')), key('emma', 'posting'))).rejects.toThrow(
      'missing required active authority',
    );
    // An active key also satisfies posting authority, but one account's key never signs for another.
    await expect(t.client.broadcast.json(postingJson('emma', tokenTransfer('bob', '1')), key('emma', 'active'))).resolves.toBeDefined();
    await expect(t.client.broadcast.json(postingJson('fred', tokenTransfer('bob', '1')), key('emma', 'posting'))).rejects.toThrow(
      'missing required posting authority',
    );
  });

  it('records a posting-authority token transfer with errors', async () => {
    const sent = await t.client.broadcast.json(postingJson('gail', tokenTransfer('bob', '1')), key('gail', 'posting'));
    expect(JSON.parse((await processed(sent.id)).logs)).toEqual({ errors: ['operation requires active authority'] });
    expect(await balance('gail', 'RNK')).toBe('1000.000');
  });

  it('numbers the actions of a multi-action custom_json and runs them in order', async () => {
    const actions = `[${tokenTransfer('ivy', '600')},${tokenTransfer('ivy', '600')},${tokenTransfer('ivy', '0.5', 'SWAP.HIVE')}]`;
    const sent = await t.client.broadcast.json(activeJson('hugo', actions), key('hugo', 'active'));
    expect(await transactionInfo(sent.id)).toBeNull();
    const logs = await Promise.all([0, 1, 2].map(async (n) => JSON.parse((await processed(`${sent.id}-${n}`)).logs)));
    expect(logs.map((log) => log.errors ?? 'ok')).toEqual(['ok', ['overdrawn balance'], 'ok']);
    expect(await balance('hugo', 'RNK')).toBe('400.000');
    expect(await balance('ivy', 'SWAP.HIVE')).toBe('100.50000000');
  });

  it('answers find with limit/offset, findOne with null, and other tables empty', async () => {
    const zeros = { stake: '0', pendingUnstake: '0', delegationsIn: '0', delegationsOut: '0', pendingUndelegations: '0' };
    expect((await balances('find', { query: { account: 'newbie' } })).result).toEqual([
      { _id: expect.any(Number), account: 'newbie', symbol: 'SWAP.HIVE', balance: '100.00000000', ...zeros },
      { _id: expect.any(Number), account: 'newbie', symbol: 'RNK', balance: '1000.000', ...zeros },
    ]);
    const page = await balances('find', { query: { account: 'newbie' }, limit: 1, offset: 1 });
    expect(page.result).toEqual([expect.objectContaining({ symbol: 'RNK' })]);
    expect((await balances('findOne', { query: { account: 'newbie', symbol: 'BEE' } })).result).toBeNull();
    expect((await balances('find', { table: 'tokens', query: {} })).result).toEqual([]);
  });
});
