import { useCallback, useEffect, useRef, useState } from 'react';
import type { TokenTransfer } from './keychain';
import { sendTokenTransfer, walletMissing, type TransferOutcome, type TransferWords, type WalletWait } from './transfer';
import { rememberedWallet, type WalletChoice } from './wallet-choice';

/**
 * A screen's transfers through the player's wallet (wallet/transfer.ts), with what it shows meanwhile: HiveAuth's wait
 * until its wallet answers (Cancel stops it), HiveSigner's signing page until `dismiss` (the screen's steps say when
 * its payment is seen). `wallet` is the remembered one unless the screen names it (a new player's activation: Keychain).
 */
export function useWalletTransfer(wallet?: WalletChoice) {
  const [wait, setWait] = useState<WalletWait | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (transfer: Omit<TokenTransfer, 'to'>, words: TransferWords): Promise<TransferOutcome> => {
      const own = new AbortController();
      controller.current = own;
      setWait(null);
      try {
        return await sendTokenTransfer(wallet ?? rememberedWallet(), transfer, words, { onWait: setWait, signal: own.signal });
      } finally {
        if (controller.current === own) controller.current = null;
        setWait((current) => (current?.wallet === 'hivesigner' ? current : null));
      }
    },
    [wallet],
  );

  return {
    send,
    wait,
    /** Why the wallet cannot pay from this page (the screen's words for a missing Keychain), or null. */
    missing: (words: Pick<TransferWords, 'missing'>) => walletMissing(wallet ?? rememberedWallet(), words.missing),
    /** Stops waiting for HiveAuth's answer (the request expires unanswered on its server). */
    cancel: () => controller.current?.abort(),
    /** HiveSigner's page is no longer offered (its payment is seen, or another attempt starts). */
    dismiss: useCallback(() => setWait(null), []),
  };
}

export type WalletTransfer = ReturnType<typeof useWalletTransfer>;
