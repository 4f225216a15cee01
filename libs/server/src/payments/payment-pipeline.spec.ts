import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// One payment pipeline (issue 48): the steps of a payment are written once, and every kind goes through them.

const SERVER = join(__dirname, '..');

/** The server's source files (not the specs), each with its text. */
function sources(dir = SERVER): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) return [];
    return [{ path: relative(SERVER, path), text: readFileSync(path, 'utf8') }];
  });
}

const KINDS: Record<string, string> = {
  registration: 'registration/registration.jobs.ts',
  deposit: 'wallet/deposit.jobs.ts',
  pack: 'packs/packs.jobs.ts',
  shop: 'shop/shop.jobs.ts',
};

describe('the payment pipeline', () => {
  const files = sources();

  it('defines creditPayment once, in payments/', () => {
    const defining = files.filter((file) => /^\s*(async\s+)?creditPayment\s*[<(]/m.test(file.text)).map((file) => file.path);
    expect(defining).toEqual(['payments/payment-pipeline.ts']);
  });

  it.each(Object.entries(KINDS))('credits %s payments and checks their reports through it', (kind, path) => {
    const text = files.find((file) => file.path === path)?.text ?? '';
    expect(text).toMatch(new RegExp(`this\\.payments\\.creditPayment\\([^)]*\\{\\s*kind: '${kind}'`));
    expect(text).toContain(`this.payments.checkReport('${kind}'`);
    // The steps are the pipeline's: no kind matches a transfer, reads Hive Engine or notifies on its own.
    expect(text).not.toMatch(/matchPayment|hiveEngine|hiveNode|awaitEngine|engineProcessed|payments_in_block|notifier|FOR NO KEY UPDATE/);
  });

  it("waits for Hive Engine in one place: the engine lag's note is made and dropped by the pipeline alone (issue 47)", () => {
    const calling = (name: string) =>
      files.filter((file) => file.path !== 'chain/engine-wait.ts' && new RegExp(`\\b${name}\\(`).test(file.text)).map((file) => file.path);
    expect(calling('awaitEngine')).toEqual(['payments/payment-pipeline.ts']);
    expect(calling('engineProcessed')).toEqual(['payments/payment-pipeline.ts']);
    // Written by the report's job (engine-wait) and the credit; read by the status answers.
    const writing = files.filter((file) => /(INSERT INTO|DELETE FROM|deleteFrom\(|insertInto\()\s*'?payments_in_block/.test(file.text));
    expect(writing.map((file) => file.path).sort()).toEqual(['chain/engine-wait.ts', 'payments/payment-pipeline.ts']);
  });

  it('leaves the settlement to route a transfer to its kind, never to credit it itself', () => {
    const settlement = files.find((file) => file.path === 'chain-follower/transfer-settlement.ts')?.text ?? '';
    expect(settlement).not.toMatch(/matchPayment|INSERT INTO|notify/);
    for (const owner of ['deposits', 'registrations', 'packs', 'shop'])
      expect(settlement).toContain(`this.${owner}.credit(manager, transfer`);
  });
});
