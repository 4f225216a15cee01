import type { CustomJsonOperation, Operation } from '@hiveio/dhive';
import { key, startTestSim, type TestSim } from './test-support';

const BLOCK_MS = 3000;

/** Waits, if need be, for a fresh 3-second slot, so that what follows fits in one "block". */
async function startOfSlot(neededMs = 1500): Promise<void> {
  const left = BLOCK_MS - (Date.now() % BLOCK_MS);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left));
}

const slotOf = (ms: number) => Math.floor(ms / BLOCK_MS);

/**
 * Runs `body` from the start of a 3-second slot; when it fails and its broadcasts did not all fit in
 * that slot (a loaded machine can take longer than a slot to sign and send six transactions), the
 * limit was not what it met: runs it again in a new slot (each block has a count of its own), up to 3
 * times. A failure within one slot fails at once.
 */
async function inOneSlot(body: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await startOfSlot();
    const slot = slotOf(Date.now());
    try {
      await body();
      return;
    } catch (error) {
      if (attempt === 3 || slotOf(Date.now()) === slot) throw error;
    }
  }
}

describe('hive-sim custom_json block limit (HIVE_CUSTOM_OP_BLOCK_LIMIT)', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
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

  it('refuses the 6th custom_json requiring an account in one 3-second block, with nothing applied', () =>
    inOneSlot(async () => {
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
    }));

  it('counts the operations of one transaction together', () =>
    inOneSlot(async () => {
      await send([customJson([], ['wes']), customJson([], ['wes']), customJson([], ['wes'])], 'wes');
      await expect(send([customJson([], ['wes']), customJson([], ['wes']), customJson([], ['wes'])], 'wes')).rejects.toThrow(
        'Account wes already submitted 5',
      );
      await send([customJson([], ['wes']), customJson([], ['wes'])], 'wes');
    }));

  it('lets an account send again in the next block', async () => {
    await inOneSlot(async () => {
      for (let n = 0; n < 5; n++) await send([customJson(['xia'], [])], 'xia');
      await expect(send([customJson(['xia'], [])], 'xia')).rejects.toThrow('HIVE_CUSTOM_OP_BLOCK_LIMIT');
    });
    await new Promise((resolve) => setTimeout(resolve, BLOCK_MS - (Date.now() % BLOCK_MS)));
    await send([customJson(['xia'], [])], 'xia');
  });
});
