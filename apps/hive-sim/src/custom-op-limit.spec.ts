import type { CustomJsonOperation, Operation } from '@hiveio/dhive';
import { key, startTestSim, type TestSim } from './test-support';

const BLOCK_MS = 3000;

describe('hive-sim custom_json block limit (HIVE_CUSTOM_OP_BLOCK_LIMIT)', () => {
  let t: TestSim;
  // The sim's block clock, held still by the test: whatever the machine's speed, every transaction
  // sent between two moves of it falls in the same 3-second block.
  let blockTime = 0;
  const nextBlock = () => (blockTime += BLOCK_MS);
  beforeAll(async () => {
    t = await startTestSim(undefined, { blockClock: () => blockTime });
  });
  beforeEach(nextBlock);
  afterAll(() => t.sim.close());

  const customJson = (requiredAuths: string[], requiredPostingAuths: string[]): CustomJsonOperation => [
    'custom_json',
    { id: 'runik', json: '{}', required_auths: requiredAuths, required_posting_auths: requiredPostingAuths },
  ];
  const send = (operations: Operation[], ...signers: string[]) =>
    t.client.broadcast.sendOperations(
      operations,
      signers.map((signer) => key(signer, 'active')),
    );
  const headBlock = async () => (await t.client.database.getDynamicGlobalProperties()).head_block_number;

  it('refuses the 6th custom_json requiring an account in one 3-second block, with nothing applied', async () => {
    for (let n = 0; n < 4; n++) await send([customJson([], ['uma'])], 'uma');
    // Counted once for each account it requires, whether active or posting.
    await send([customJson(['uma'], ['vic'])], 'uma', 'vic');
    // Refused transactions do not count.
    await expect(send([customJson(['uma'], [])], 'vic')).rejects.toThrow('missing required active authority');

    const head = await headBlock();
    const transfer: Operation = ['transfer', { from: 'uma', to: 'vic', amount: '1.000 HIVE', memo: '' }];
    await expect(send([transfer, customJson([], ['uma'])], 'uma')).rejects.toThrow(
      'Assert Exception:insert_info.first->second <= HIVE_CUSTOM_OP_BLOCK_LIMIT: Account uma already submitted 5 custom json operation(s) this block.',
    );
    expect(await headBlock()).toBe(head);
    const [uma] = await t.client.database.getAccounts(['uma']);
    expect(uma.balance).toBe('100.000 HIVE');
    // Other accounts have their own count.
    await send([customJson([], ['vic'])], 'vic');
  });

  it('counts the operations of one transaction together', async () => {
    await send([customJson([], ['wes']), customJson([], ['wes']), customJson([], ['wes'])], 'wes');
    await expect(send([customJson([], ['wes']), customJson([], ['wes']), customJson([], ['wes'])], 'wes')).rejects.toThrow(
      'Account wes already submitted 5',
    );
    await send([customJson([], ['wes']), customJson([], ['wes'])], 'wes');
  });

  it('lets an account send again in the next block', async () => {
    for (let n = 0; n < 5; n++) await send([customJson(['xia'], [])], 'xia');
    await expect(send([customJson(['xia'], [])], 'xia')).rejects.toThrow('HIVE_CUSTOM_OP_BLOCK_LIMIT');
    nextBlock();
    await send([customJson(['xia'], [])], 'xia');
  });
});
