/**
 * The wallet a player logs in with, kept in this browser (no secret: the session's token stays in its cookie). The
 * login form preselects it next time, and the game's payments are signed through it (wallet/transfer.ts).
 */
export type WalletChoice = 'keychain' | 'hiveauth' | 'hivesigner';

export const WALLET_STORAGE_KEY = 'runik.wallet';

const WALLETS: readonly string[] = ['keychain', 'hiveauth', 'hivesigner'] satisfies WalletChoice[];

export function rememberedWallet(): WalletChoice {
  try {
    const stored = localStorage.getItem(WALLET_STORAGE_KEY) ?? '';
    return WALLETS.includes(stored) ? (stored as WalletChoice) : 'keychain';
  } catch {
    return 'keychain';
  }
}

export function rememberWallet(wallet: WalletChoice): void {
  try {
    localStorage.setItem(WALLET_STORAGE_KEY, wallet);
  } catch {
    // Storage refused (private mode): the choice is simply not remembered.
  }
}
