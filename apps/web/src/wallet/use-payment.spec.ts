import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One payment hook (issue 48): the steps of a SWAP.HIVE payment (wallet, report, wait, check again) are usePayment's;
// the pack store and the shop call it with their kind, plain data saying what it reports and what a settled purchase
// changes. Their behaviour is tested through the screens (packs-hive, packs-runik, shop-purchase specs).

const SRC = join(__dirname, '..');
const read = (path: string) => readFileSync(join(SRC, path), 'utf8');

describe('the payment hook', () => {
  it.each(['features/packs/PacksPage.tsx', 'features/shop/ShopPage.tsx'])('%s pays through usePayment alone', (path) => {
    const text = read(path);
    expect(text).toContain("from '../../wallet/use-payment'");
    expect(text).toMatch(/usePayment\(\w+PaymentKind\(/);
    // The steps are not written again: no wallet call, no waiting, no timeout or polling messages of its own.
    expect(text).not.toMatch(
      /sendTokenTransfer|useWalletTransfer|getKeychain|useSwapHiveConfirmation|pollSwapHivePurchase|timedOut|pollingError/,
    );
  });

  it.each(['features/packs/pack-payment.ts', 'features/shop/shop-payment.ts'])('%s defines its kind as plain data, no hook', (path) => {
    expect(read(path)).not.toMatch(/\buse[A-Z]\w*\(|from 'react'|@tanstack\/react-query/);
  });

  it('leaves no hook wrapping it for one kind', () => {
    expect(existsSync(join(SRC, 'features/packs/use-pack-purchases.ts'))).toBe(false);
    expect(existsSync(join(SRC, 'features/shop/use-shop-purchase.ts'))).toBe(false);
  });

  it('is the only hook that takes a SWAP.HIVE payment step by step', () => {
    expect(read('wallet/use-payment.ts')).toMatch(/useSwapHiveConfirmation[\s\S]*useWalletTransfer/);
  });

  // Issue 49: every payment goes through the player's wallet by one interface (wallet/transfer.ts), never to a
  // wallet's API directly, so a HiveAuth or HiveSigner player pays wherever a Keychain player does.
  it.each([
    'features/city/use-deposit.ts',
    'features/city/popups/DepositModal.tsx',
    'wallet/registration-payment.ts',
    'wallet/use-payment.ts',
    'shared/activation/LateActivation.tsx',
  ])('%s sends its transfer through the wallet interface, not a wallet API', (path) => {
    expect(read(path)).not.toMatch(/requestSendToken|requestTransfer|requestCustomJson|hive_keychain|getKeychain|hive-auth-wrapper/);
  });
});
