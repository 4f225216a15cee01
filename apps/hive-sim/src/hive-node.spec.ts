import { cryptoUtils, type ExtendedAccount, type TransferOperation } from '@hiveio/dhive';
import { key, postJson, postRpc, signedTransaction, startTestSim, type RpcAnswer, type TestSim } from './test-support';

describe('hive-sim Hive node', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.sim.close());

  const balanceOf = async (name: string): Promise<[string, string]> => {
    const [account] = await t.client.database.getAccounts([name]);
    return [String(account.balance), String(account.hbd_balance)];
  };
  const transfer = (from: string, to: string, amount: string): TransferOperation => ['transfer', { from, to, amount, memo: 'm' }];

  it('creates accounts on first use with keys from the dev password', async () => {
    const [alice]: ExtendedAccount[] = await t.client.database.getAccounts(['alice']);
    expect(alice.name).toBe('alice');
    expect(alice.posting.key_auths).toEqual([[key('alice', 'posting').createPublic().toString(), 1]]);
    expect(alice.active.key_auths[0][0]).toBe(key('alice', 'active').createPublic().toString());
    expect(alice.memo_key).toBe(key('alice', 'memo').createPublic().toString());
    expect(alice.balance).toBe('100.000 HIVE');
    expect(alice.hbd_balance).toBe('0.000 HBD');
  });

  it('answers both request styles, batches, and errors for bad names or methods', async () => {
    const call = await postRpc(t.sim.url, 'call', ['condenser_api', 'get_accounts', [['carol']]]);
    expect((call.result as { name: string }[])[0].name).toBe('carol');
    await expect(t.client.database.getAccounts(['Not_Valid'])).rejects.toThrow('invalid account name');
    expect((await postRpc(t.sim.url, 'condenser_api.get_content', ['alice', 'post'])).error?.code).toBe(-32601);

    type PropsAnswer = { result: { head_block_id: string; time: string } };
    const { body: batch } = await postJson<[RpcAnswer, PropsAnswer]>(t.sim.url, [
      { jsonrpc: '2.0', id: 1, method: 'condenser_api.get_current_median_history_price', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'condenser_api.get_dynamic_global_properties', params: [] },
    ]);
    expect(batch[0]).toEqual({ jsonrpc: '2.0', id: 1, result: { base: '0.250 HBD', quote: '1.000 HIVE' } });
    expect(batch[1].result.head_block_id).toMatch(/^[0-9a-f]{40}$/);
    expect(batch[1].result.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('applies a native transfer signed with the active key, one block per transaction', async () => {
    const before = await t.client.database.getDynamicGlobalProperties();
    const sent = await t.client.broadcast.sendOperations([transfer('dave', 'erin', '12.345 HIVE')], key('dave', 'active'));
    expect(sent.id).toMatch(/^[0-9a-f]{40}$/);
    expect(await balanceOf('dave')).toEqual(['87.655 HIVE', '0.000 HBD']);
    expect(await balanceOf('erin')).toEqual(['112.345 HIVE', '0.000 HBD']);
    const after = await t.client.database.getDynamicGlobalProperties();
    expect(after.head_block_number).toBe(before.head_block_number + 1);
  });

  it('rejects a posting-key signature on a transfer', async () => {
    await expect(
      t.client.broadcast.transfer({ from: 'frank', to: 'erin', amount: '1.000 HIVE', memo: '' }, key('frank', 'posting')),
    ).rejects.toThrow('missing required active authority');
    expect(await balanceOf('frank')).toEqual(['100.000 HIVE', '0.000 HBD']);
  });

  it('rejects a duplicate of the same signed transaction, and confirms synchronously', async () => {
    const signed = await signedTransaction(t.client, [transfer('gina', 'erin', '1.000 HIVE')], key('gina', 'active'));
    const confirmation = (await postRpc(t.sim.url, 'condenser_api.broadcast_transaction_synchronous', [signed])).result;
    expect(confirmation).toEqual({ id: cryptoUtils.generateTrxId(signed), block_num: expect.any(Number), trx_num: 0, expired: false });
    await expect(t.client.broadcast.send(signed)).rejects.toThrow('Duplicate transaction');
    expect(await balanceOf('gina')).toEqual(['99.000 HIVE', '0.000 HBD']);
  });

  it('rejects an expired transaction', async () => {
    const signed = await signedTransaction(t.client, [transfer('hank', 'erin', '1.000 HIVE')], key('hank', 'active'), -1000);
    await expect(t.client.broadcast.send(signed)).rejects.toThrow('transaction has expired');
  });

  it('applies all operations of a transaction or none', async () => {
    const operations = [transfer('ivan', 'erin', '60.000 HIVE'), transfer('ivan', 'judy', '60.000 HIVE')];
    await expect(t.client.broadcast.sendOperations(operations, key('ivan', 'active'))).rejects.toThrow('sufficient funds');
    expect(await balanceOf('ivan')).toEqual(['100.000 HIVE', '0.000 HBD']);
    expect(await balanceOf('judy')).toEqual(['100.000 HIVE', '0.000 HBD']);
  });

  it('moves HBD and rejects malformed amounts', async () => {
    await postJson(`${t.sim.url}/dev/faucet`, { account: 'kate', symbol: 'HBD', quantity: '5' });
    await t.client.broadcast.transfer({ from: 'kate', to: 'erin', amount: '2.500 HBD', memo: '' }, key('kate', 'active'));
    expect(await balanceOf('kate')).toEqual(['100.000 HIVE', '2.500 HBD']);
    await expect(
      t.client.broadcast.transfer({ from: 'kate', to: 'erin', amount: '1 HIVE', memo: '' }, key('kate', 'active')),
    ).rejects.toThrow('invalid transfer amount');
  });
});
