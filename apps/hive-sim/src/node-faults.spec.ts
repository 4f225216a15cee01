import { Client } from '@hiveio/dhive';
import { startHiveSim, type RunningHiveSim } from './sim';
import { key, postJson } from './test-support';

const RPC_BODY = { jsonrpc: '2.0', id: 1, method: 'condenser_api.get_dynamic_global_properties', params: [] };
const RPC_PATHS = ['/', '/contracts', '/blockchain'];

/** POSTs a JSON-RPC call; resolves with the HTTP status. */
const rpcStatus = async (url: string, signal?: AbortSignal): Promise<number> =>
  (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(RPC_BODY), signal })).status;

describe('hive-sim nodes and their faults (POST /dev/node-fault)', () => {
  let sim: RunningHiveSim;
  beforeAll(async () => {
    sim = await startHiveSim({ port: 0, nodes: 3 });
  });
  afterAll(() => sim.close());

  const fault = (node: unknown, kind: unknown, url = sim.url) =>
    postJson<{ error?: string }>(`${url}/dev/node-fault`, { node, fault: kind });

  it('serves one chain on every node', async () => {
    expect(sim.urls).toHaveLength(3);
    expect(new Set(sim.urls).size).toBe(3);
    expect(sim.url).toBe(sim.urls[0]);
    const first = new Client(sim.urls[0], { timeout: 5000, failoverThreshold: 1 });
    const last = new Client(sim.urls[2], { timeout: 5000, failoverThreshold: 1 });
    await first.broadcast.transfer({ from: 'ann', to: 'ben', amount: '3.000 HIVE', memo: '' }, key('ann', 'active'));
    const [ann] = await last.database.getAccounts(['ann']);
    expect(ann.balance).toBe('97.000 HIVE');
  });

  it("answers 503 on a failing node's JSON-RPC routes while its dev routes and the other nodes work", async () => {
    expect(await fault(1, 'fail', sim.urls[2])).toEqual({ status: 200, body: { node: 1, fault: 'fail' } });
    for (const path of RPC_PATHS) expect(await rpcStatus(`${sim.urls[1]}${path}`)).toBe(503);
    expect((await fetch(`${sim.urls[1]}/health`)).status).toBe(200);
    expect((await fetch(`${sim.urls[1]}/keychain.js`)).status).toBe(200);
    expect((await postJson(`${sim.urls[1]}/dev/faucet`, { account: 'ann', symbol: 'HIVE', quantity: '1' })).status).toBe(200);
    expect(await rpcStatus(sim.urls[0])).toBe(200);

    await fault(1, 'none', sim.urls[1]);
    for (const path of RPC_PATHS) expect(await rpcStatus(`${sim.urls[1]}${path}`)).toBe(200);
  });

  it('leaves requests to a hanging node unanswered until the fault is cleared, then answers them', async () => {
    await fault(2, 'hang');
    await expect(rpcStatus(`${sim.urls[2]}/contracts`, AbortSignal.timeout(300))).rejects.toThrow();
    expect((await fetch(`${sim.urls[2]}/health`)).status).toBe(200);

    let answered = false;
    const waiting = rpcStatus(sim.urls[2]).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    await fault(2, 'none');
    expect(await waiting).toBe(200);

    await fault(2, 'hang');
    const failing = rpcStatus(`${sim.urls[2]}/blockchain`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fault(2, 'fail');
    expect(await failing).toBe(503);
    await fault(2, 'none');
  });

  it('refuses an unknown node or fault with 400', async () => {
    for (const [node, kind] of [
      [3, 'fail'],
      [-1, 'fail'],
      ['0', 'fail'],
      [0, 'slow'],
    ]) {
      const { status, body } = await fault(node, kind);
      expect(status).toBe(400);
      expect(body.error).toMatch(/node must be|fault must be/);
    }
  });

  it('closes without waiting for hanging requests', async () => {
    const other = await startHiveSim({ port: 0, nodes: 2 });
    await fault(1, 'hang', other.url);
    const hanging = rpcStatus(other.urls[1]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(hanging).rejects.toThrow();
  });

  it('fails to start, closing the nodes already listening, when a port is taken', async () => {
    const taken = await startHiveSim({ port: 0 });
    await expect(startHiveSim({ port: taken.port - 1, nodes: 2 })).rejects.toThrow('EADDRINUSE');
    await taken.close();
  });
});
