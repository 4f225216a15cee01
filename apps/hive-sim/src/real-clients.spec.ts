import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { callRPC, config, PrivateKey, Transaction } from 'hive-tx';
import { key, startTestSim, type TestSim } from './test-support';

/**
 * Hive client libraries other than dhive, unchanged and used as their documentation shows,
 * against the sim: reading accounts and properties, signing and broadcasting a transfer and a
 * custom_json, then finding the transaction and its block.
 */
describe('hive-sim with real Hive clients', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.sim.close());

  const publicKey = (account: string, role: 'active' | 'posting') => key(account, role).createPublic().toString();

  it('serves hive-tx over condenser_api and transaction_status_api', async () => {
    config.nodes = [t.sim.url];
    const [account] = await callRPC('condenser_api.get_accounts', [['tx-ann']]);
    expect(account).toMatchObject({ name: 'tx-ann', balance: '100.000 HIVE', active: { key_auths: [[publicKey('tx-ann', 'active'), 1]] } });
    const properties = await callRPC('condenser_api.get_dynamic_global_properties');
    expect(properties.head_block_id).toMatch(/^[0-9a-f]{40}$/);

    const transfer = new Transaction();
    await transfer.addOperation('transfer', { from: 'tx-ann', to: 'tx-bob', amount: '2.500 HIVE', memo: 'hive-tx' });
    transfer.sign(PrivateKey.fromLogin('tx-ann', 'devpass', 'active'));
    // Waits for find_transaction to report the transaction in an irreversible block.
    const sent = await transfer.broadcast(true);
    expect(sent).toEqual({ tx_id: transfer.digest().txId, status: 'within_irreversible_block' });
    const [bob] = await callRPC('condenser_api.get_accounts', [['tx-bob']]);
    expect(bob.balance).toBe('102.500 HIVE');

    const customJson = new Transaction();
    await customJson.addOperation('custom_json', {
      required_auths: [],
      required_posting_auths: ['tx-ann'],
      id: 'runik',
      json: '{"client":"hive-tx"}',
    });
    customJson.sign(PrivateKey.fromLogin('tx-ann', 'devpass', 'posting'));
    expect(await customJson.broadcast()).toEqual({ tx_id: customJson.digest().txId, status: 'unknown' });
    const status = (await customJson.checkStatus()) as { status: string; block_num: number };
    expect(status).toEqual({ status: 'within_irreversible_block', block_num: expect.any(Number) });

    const found = await callRPC('condenser_api.get_transaction', [customJson.digest().txId]);
    expect(found).toMatchObject({ operations: [['custom_json', { id: 'runik' }]], block_num: status.block_num });
    const block = await callRPC('condenser_api.get_block', [found.block_num]);
    expect(block.transaction_ids).toEqual([found.transaction_id]);
    expect(block.transactions).toEqual([found]);
  });

  it('serves @hiveio/wax over database_api, network_broadcast_api (HF26), transaction_status_api and block_api', async () => {
    // wax is ES modules + WebAssembly, which Jest cannot load: it runs in a node process of its own.
    const script = join(__dirname, 'wax-client.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, t.sim.url, 'wax-ann', 'wax-bob']);
    const report = JSON.parse(stdout);

    const hive = (amount: string) => ({ amount, precision: 3, nai: '@@000000021' });
    expect(report.account).toMatchObject({
      name: 'wax-ann',
      balance: hive('100000'),
      active: { key_auths: [[publicKey('wax-ann', 'active'), 1]] },
    });
    expect(report.properties.head_block_id).toMatch(/^[0-9a-f]{40}$/);
    for (const sent of [report.transfer, report.customJson]) {
      expect(sent.status).toEqual({ status: 'within_irreversible_block', block_num: expect.any(Number) });
      expect(sent.block.transaction_ids).toEqual([sent.id]);
    }
    expect(report.transfer.block.transactions[0].operations).toEqual([
      { type: 'transfer_operation', value: { from: 'wax-ann', to: 'wax-bob', amount: hive('1500'), memo: 'wax' } },
    ]);
    expect(report.balanceAfter).toEqual(hive('98500'));

    // wax signs and names transactions over the HF26 serialization; the node keeps that id.
    const transfer = await t.client.database.getTransaction(report.transfer.id);
    expect(transfer).toMatchObject({ operations: [['transfer', { amount: '1.500 HIVE' }]] });
    const [bob] = await t.client.database.getAccounts(['wax-bob']);
    expect(bob.balance).toBe('101.500 HIVE');
  });
});
