import { Client } from '@hiveio/dhive';
import type { EngineBlock, EngineTransaction } from './hive-engine';
import { startHiveSim, type RunningHiveSim } from './sim';
import { blockOf, eventually, key, postJson, postRpc } from './test-support';

describe('hive-sim Hive Engine lag and outage (POST /dev/engine)', () => {
  let sim: RunningHiveSim;
  let client: Client;
  beforeAll(async () => {
    sim = await startHiveSim({ port: 0, nodes: 2, engineDelayMs: 60_000 });
    client = new Client(sim.url, { timeout: 5000, failoverThreshold: 1 });
  });
  afterAll(() => sim.close());

  const engine = (body: object, url = sim.url) => postJson<{ lagMs?: number; down?: boolean; error?: string }>(`${url}/dev/engine`, body);
  /** A token transfer's Hive transaction id and block. */
  const sendTokens = async (from: string) => {
    const contractPayload = { symbol: 'RNK', to: 'zed', quantity: '1', memo: '' };
    const json = JSON.stringify({ contractName: 'tokens', contractAction: 'transfer', contractPayload });
    const { id } = await client.broadcast.json(
      { id: 'ssc-mainnet-hive', required_auths: [from], required_posting_auths: [], json },
      key(from, 'active'),
    );
    return { id, blockNum: await blockOf(client, id) };
  };
  const transactionInfo = async (txid: string, url = sim.url) =>
    (await postRpc(`${url}/blockchain`, 'getTransactionInfo', { txid })).result as EngineTransaction | null;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('starts at engineDelayMs behind and applies a new lag to what is pending', async () => {
    expect(await engine({})).toEqual({ status: 200, body: { lagMs: 60_000, down: false } });
    const sent = await sendTokens('abe');
    await pause(100);
    expect(await transactionInfo(sent.id)).toBeNull();

    // Set on the other node: every node serves the same Hive Engine.
    expect((await engine({ lagMs: 300 }, sim.urls[1])).body).toEqual({ lagMs: 300, down: false });
    const info = await eventually(() => transactionInfo(sent.id));
    expect(JSON.parse(info.logs)).toHaveProperty('events');

    // Timed from before the broadcast: its Hive block is stamped after this, and processed no sooner than
    // 300 ms past its stamp (timed from after the broadcast, part of the lag had passed while it was
    // included, and under load the rest could be under any fixed figure).
    const sentAt = Date.now();
    const later = await sendTokens('abe');
    const processed = await eventually(() => transactionInfo(later.id));
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(300);
    expect(processed).toMatchObject({ refHiveBlockNumber: later.blockNum, blockNumber: info.blockNumber + 1 });
  });

  it('refuses a malformed setting with 400 and changes nothing', async () => {
    for (const body of [{ lagMs: -1 }, { lagMs: 1.5 }, { lagMs: '10' }, { down: 'yes' }]) {
      const { status, body: answer } = await engine(body);
      expect(status).toBe(400);
      expect(answer.error).toMatch(/lagMs|down/);
    }
    expect((await engine({})).body).toEqual({ lagMs: 300, down: false });
  });

  it('while down answers 503 on every node, then catches up in order, one sidechain block per Hive block', async () => {
    expect((await engine({ lagMs: 0, down: true })).body).toEqual({ lagMs: 0, down: true });
    for (const url of sim.urls) {
      expect((await postJson(`${url}/contracts`, { jsonrpc: '2.0', id: 1, method: 'find', params: {} })).status).toBe(503);
      expect((await postJson(`${url}/blockchain`, { jsonrpc: '2.0', id: 1, method: 'getLatestBlockInfo', params: {} })).status).toBe(503);
    }
    // The Hive node keeps taking transactions meanwhile.
    const sent = [await sendTokens('bea'), await sendTokens('cal'), await sendTokens('bea')];
    await pause(100);

    await engine({ down: false });
    const infos = await Promise.all(sent.map(({ id }) => eventually(() => transactionInfo(id))));
    expect(infos.map((info) => info.refHiveBlockNumber)).toEqual(sent.map(({ blockNum }) => blockNum));
    const first = infos[0].blockNumber;
    expect(infos.map((info) => info.blockNumber)).toEqual([first, first + 1, first + 2]);
    const block = (await postRpc(`${sim.urls[1]}/blockchain`, 'getBlockInfo', { blockNumber: first + 1 })).result as EngineBlock;
    expect(block.transactions.map((transaction) => transaction.transactionId)).toEqual([sent[1].id]);
  });
});
