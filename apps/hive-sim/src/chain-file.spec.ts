import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@hiveio/dhive';
import type { EngineBlock, EngineTransaction } from './hive-engine';
import { startHiveSim, type RunningHiveSim } from './sim';
import { eventually, key, postRpc } from './test-support';

/** hive-sim's chain kept in a file: a restart goes on with the same accounts, balances and blocks. */
describe('hive-sim chain file', () => {
  let dir: string;
  let running: RunningHiveSim | null = null;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'hive-sim-chain-'))));
  afterEach(async () => {
    await running?.close();
    running = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (chainFile: string | undefined, engineDelayMs = 50) =>
    (running = await startHiveSim({ port: 0, engineDelayMs, chainFile }));
  const stop = async () => {
    await running?.close();
    running = null;
  };
  const blockchain = async <T>(sim: RunningHiveSim, method: string, params: object) =>
    (await postRpc(`${sim.url}/blockchain`, method, params)).result as T;
  const balance = async (sim: RunningHiveSim, account: string) =>
    (
      (await postRpc(`${sim.url}/contracts`, 'findOne', { contract: 'tokens', table: 'balances', query: { account, symbol: 'RNK' } }))
        .result as { balance: string }
    ).balance;
  const send = async (sim: RunningHiveSim, from: string, to: string, quantity: string) => {
    const json = JSON.stringify({
      contractName: 'tokens',
      contractAction: 'transfer',
      contractPayload: { symbol: 'RNK', to, quantity, memo: '' },
    });
    const client = new Client(sim.url, { timeout: 5000, failoverThreshold: 1 });
    return (
      await client.broadcast.json({ id: 'ssc-mainnet-hive', required_auths: [from], required_posting_auths: [], json }, key(from, 'active'))
    ).id;
  };
  const processed = (sim: RunningHiveSim, txid: string) =>
    eventually(() => blockchain<EngineTransaction | null>(sim, 'getTransactionInfo', { txid }));

  it('goes on after a restart with the same blocks, hashes and balances', async () => {
    const file = join(dir, 'nested', 'chain.jsonl');
    let sim = await start(file);
    const first = await send(sim, 'alice', 'bob', '2.000');
    const { blockNumber } = await processed(sim, first);
    const before = await blockchain<EngineBlock>(sim, 'getBlockInfo', { blockNumber });
    const genesis = await blockchain<EngineBlock>(sim, 'getBlockInfo', { blockNumber: 0 });
    expect(before.previousHash).toBe(genesis.hash);
    expect(before.hash).toMatch(/^[0-9a-f]{64}$/);
    await stop();

    sim = await start(file);
    expect(await blockchain<EngineBlock>(sim, 'getBlockInfo', { blockNumber })).toEqual(before);
    expect(await balance(sim, 'alice')).toBe('998.000');
    expect(await balance(sim, 'bob')).toBe('1002.000');
    // The Hive chain goes on too: a new transaction refers to its head (TaPoS) and lands in the next blocks.
    const second = await send(sim, 'bob', 'alice', '0.500');
    const next = await processed(sim, second);
    expect(next.blockNumber).toBe(blockNumber + 1);
    expect((await blockchain<EngineBlock>(sim, 'getBlockInfo', { blockNumber: next.blockNumber })).previousHash).toBe(before.hash);
    expect(await balance(sim, 'bob')).toBe('1001.500');
  });

  it('processes after a restart what Hive Engine had not processed yet, once', async () => {
    const file = join(dir, 'chain.jsonl');
    let sim = await start(file, 60_000);
    const pending = await send(sim, 'carol', 'dave', '3.000');
    await stop();

    sim = await start(file, 50);
    expect((await processed(sim, pending)).transactionId).toBe(pending);
    expect(await balance(sim, 'dave')).toBe('1003.000');
    await stop();
    sim = await start(file, 50);
    expect(await balance(sim, 'dave')).toBe('1003.000');
    expect(await balance(sim, 'carol')).toBe('997.000');
  });

  it('starts a chain of its own without a file, or with a new one: no block hash in common', async () => {
    const genesisOf = async (chainFile: string | undefined) => {
      const sim = await start(chainFile);
      const genesis = await blockchain<EngineBlock>(sim, 'getBlockInfo', { blockNumber: 0 });
      await stop();
      return genesis.hash;
    };
    const hashes = [
      await genesisOf(undefined),
      await genesisOf(undefined),
      await genesisOf(join(dir, 'a.jsonl')),
      await genesisOf(join(dir, 'b.jsonl')),
    ];
    expect(new Set(hashes).size).toBe(4);
    expect(await genesisOf(join(dir, 'a.jsonl'))).toBe(hashes[2]);
  });
});
