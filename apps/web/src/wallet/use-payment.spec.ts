import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One payment hook (issue 48): the steps of a SWAP.HIVE payment (wallet, report, wait, check again) are usePayment's;
// the pack store and the shop only say what their kind reports and what a settled purchase changes. Their behaviour is
// tested through the screens (packs-hive, packs-runik, shop-purchase specs).

const SRC = join(__dirname, '..');
const read = (path: string) => readFileSync(join(SRC, path), 'utf8');

describe('the payment hook', () => {
  it.each(['features/packs/use-pack-purchases.ts', 'features/shop/use-shop-purchase.ts'])('%s pays through usePayment alone', (path) => {
    const text = read(path);
    expect(text).toContain("from '../../wallet/use-payment'");
    expect(text).toMatch(/usePayment<\w+>\(\{/);
    // The steps are not written again: no wallet call, no waiting, no timeout or polling messages of its own.
    expect(text).not.toMatch(/sendSwapHivePayment|getKeychain|useSwapHiveConfirmation|pollSwapHivePurchase|timedOut|pollingError/);
  });

  it('is the only hook that takes a SWAP.HIVE payment step by step', () => {
    expect(read('wallet/use-payment.ts')).toMatch(
      /sendSwapHivePayment[\s\S]*useSwapHiveConfirmation|useSwapHiveConfirmation[\s\S]*sendSwapHivePayment/,
    );
  });
});
