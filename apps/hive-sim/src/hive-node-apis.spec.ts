import { cryptoUtils, type SignedTransaction, type TransferOperation } from '@hiveio/dhive';
import { blockOf, key, postRpc, signedTransaction, startTestSim, type TestSim } from './test-support';

const HIVE = (amount: string) => ({ amount, precision: 3, nai: '@@000000021' });

describe('hive-sim Hive node: database_api, network_broadcast_api, block_api, transaction lookups', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.sim.close());

  const transfer = (from: string, to: string, amount: string): TransferOperation => ['transfer', { from, to, amount, memo: 'm' }];
  /** The HF26 form of a legacy transaction with transfers, as wax sends it. */
  const hf26 = (signed: SignedTransaction, amount: object) => ({
    ...signed,
    operations: signed.operations.map(({ 1: body }) => ({ type: 'transfer_operation', value: { ...body, amount } })),
  });
  const rpcResult = async <T>(method: string, params: unknown): Promise<T> => {
    const answer = await postRpc(t.sim.url, method, params);
    if (answer.error) throw new Error(answer.error.message);
    return answer.result as T;
  };

  it('answers find_accounts and get_dynamic_global_properties with NAI amounts', async () => {
    const { accounts } = await rpcResult<{ accounts: Record<string, unknown>[] }>('database_api.find_accounts', { accounts: ['olga'] });
    expect(accounts).toEqual([
      expect.objectContaining({
        name: 'olga',
        active: { weight_threshold: 1, account_auths: [], key_auths: [[key('olga', 'active').createPublic().toString(), 1]] },
        balance: HIVE('100000'),
        hbd_balance: { amount: '0', precision: 3, nai: '@@000000013' },
        vesting_shares: { amount: '0', precision: 6, nai: '@@000000037' },
      }),
    ]);
    const viaCall = await rpcResult<{ accounts: unknown[] }>('call', ['database_api', 'find_accounts', { accounts: ['olga'] }]);
    expect(viaCall.accounts).toEqual(accounts);

    const properties = await rpcResult<Record<string, unknown>>('database_api.get_dynamic_global_properties', {});
    const legacy = await t.client.database.getDynamicGlobalProperties();
    expect(properties).toMatchObject({
      head_block_number: legacy.head_block_number,
      head_block_id: legacy.head_block_id,
      current_supply: HIVE('0'),
    });
    expect(legacy.current_supply).toBe('0.000 HIVE');
  });

  it('applies an HF26 transaction from network_broadcast_api, signed over the legacy serialization', async () => {
    const signed = await signedTransaction(t.client, [transfer('olga', 'pete', '1.250 HIVE')], key('olga', 'active'));
    const sent = await rpcResult('network_broadcast_api.broadcast_transaction', { trx: hf26(signed, HIVE('1250')), max_block_age: -1 });
    expect(sent).toEqual({});
    const [olga] = await t.client.database.getAccounts(['olga']);
    expect(olga.balance).toBe('98.750 HIVE');
    const status = await t.client.transaction.findTransaction(cryptoUtils.generateTrxId(signed));
    expect(status).toEqual({ status: 'within_irreversible_block', block_num: expect.any(Number) });

    const malformed = await signedTransaction(t.client, [transfer('olga', 'pete', '1.000 HIVE')], key('olga', 'active'));
    const refused = await postRpc(t.sim.url, 'network_broadcast_api.broadcast_transaction', {
      trx: hf26(malformed, { amount: '1000', precision: 2, nai: '@@000000021' }),
    });
    expect(refused.error?.message).toContain('invalid asset');
  });

  it('keeps each block with its transaction, served by get_block in both forms and by get_transaction', async () => {
    const sent = await t.client.broadcast.sendOperations([transfer('quentin', 'pete', '2.000 HIVE')], key('quentin', 'active'));
    const blockNum = await blockOf(t.client, sent.id);

    const legacy = await t.client.database.getBlock(blockNum);
    const previous = await t.client.database.getBlock(blockNum - 1);
    expect(legacy).toMatchObject({
      previous: previous.block_id,
      witness: 'hive-sim',
      block_id: expect.stringMatching(new RegExp(`^${blockNum.toString(16).padStart(8, '0')}[0-9a-f]{32}$`)),
      transaction_ids: [sent.id],
    });
    const [included] = legacy.transactions as unknown as Record<string, unknown>[];
    expect(included).toMatchObject({
      operations: [transfer('quentin', 'pete', '2.000 HIVE')],
      signatures: [expect.stringMatching(/^[0-9a-f]{130}$/)],
      transaction_id: sent.id,
      block_num: blockNum,
      transaction_num: 0,
    });
    expect(await t.client.database.getTransaction(sent.id)).toEqual(included);

    const { block } = await rpcResult<{ block: Record<string, unknown> }>('block_api.get_block', { block_num: blockNum });
    const annotations = ['transaction_id', 'block_num', 'transaction_num'];
    const signed = Object.fromEntries(Object.entries(included).filter(([field]) => !annotations.includes(field)));
    expect(block).toEqual({
      ...legacy,
      transactions: [
        {
          ...signed,
          operations: [{ type: 'transfer_operation', value: { from: 'quentin', to: 'pete', amount: HIVE('2000'), memo: 'm' } }],
        },
      ],
    });

    expect(await t.client.database.getBlock(blockNum + 1000)).toBeNull();
    expect(await rpcResult('block_api.get_block', { block_num: blockNum + 1000 })).toEqual({});
    await expect(t.client.database.getTransaction('ab'.repeat(20))).rejects.toThrow(`Unknown Transaction ${'ab'.repeat(20)}`);
  });

  it('answers find_transaction with hived statuses for transactions in no block', async () => {
    const id = 'cd'.repeat(20);
    expect(await t.client.transaction.findTransaction(id)).toEqual({ status: 'unknown' });
    expect(await t.client.transaction.findTransaction(id, '2020-01-01T00:00:00')).toEqual({ status: 'expired_irreversible' });
    const later = new Date(Date.now() + 60_000).toISOString().slice(0, 19);
    expect(await t.client.transaction.findTransaction(id, later)).toEqual({ status: 'unknown' });
    await expect(t.client.transaction.findTransaction('not-an-id')).rejects.toThrow('invalid size');
  });
});
