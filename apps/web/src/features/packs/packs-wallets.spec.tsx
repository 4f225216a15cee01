import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes } from '@runik/contract';
import { GAME_ACCOUNT, HIVESIGNER_URL } from '../../shared/config';
import { UserFacingError } from '../../shared/errors';
import { installFakeKeychain } from '../../testing/fake-keychain';
import type { HiveAuthWait } from '../../wallet/hiveauth';
import { WALLET_STORAGE_KEY } from '../../wallet/wallet-choice';
import { buyButton, feedback, openPacks, PLAYER } from './packs-fixtures';

/**
 * A pack paid through the wallet the player logged in with (issue 49): HiveAuth's sign request and HiveSigner's
 * signing page, through the same payment steps as Keychain's (packs-hive.spec). The HiveAuth client is replaced: the
 * test plays the wallet (the real protocol runs in apps/e2e's hiveauth-payments and wallet-payments specs).
 */
const hiveAuth = vi.hoisted(() => ({
  broadcast:
    vi.fn<
      (
        url: string,
        account: string,
        ops: [string, Record<string, unknown>][],
        onWait: (wait: HiveAuthWait) => void,
        signal: AbortSignal,
      ) => Promise<string>
    >(),
}));
vi.mock('../../wallet/hiveauth', () => ({ broadcastWithHiveAuth: hiveAuth.broadcast }));

const TX_ID = 'ab'.repeat(20);
const TRANSFER_JSON = {
  contractName: 'tokens',
  contractAction: 'transfer',
  contractPayload: { symbol: 'SWAP.HIVE', to: GAME_ACCOUNT, quantity: '1.000', memo: `runik-packs:${PLAYER}:1` },
};

describe('Pack store: paying through HiveAuth or HiveSigner', () => {
  beforeEach(() => {
    hiveAuth.broadcast.mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it('HiveAuth: the sign request waits with its expiry, then its transaction id is reported as a Keychain payment is', async () => {
    localStorage.setItem(WALLET_STORAGE_KEY, 'hiveauth');
    const keychain = installFakeKeychain();
    let approve: (txId: string) => void = () => undefined;
    hiveAuth.broadcast.mockImplementation((_url, _account, _ops, onWait) => {
      onWait({ expire: Date.now() + 60_000 });
      return new Promise((resolve) => (approve = resolve));
    });
    const { api } = await openPacks();
    api.on('POST', ApiRoutes.packPurchaseHive, {
      status: 200,
      data: { success: true, packPurchaseId: 5, packCount: 1, status: 'pending' },
    });

    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    const wait = await screen.findByTestId('hiveauth-wait');
    expect(wait).toHaveTextContent('Open your HiveAuth wallet (such as Keychain Mobile) and approve the payment.');
    expect(wait).toHaveTextContent(/expires in (59|60) s/);
    expect(within(wait).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(hiveAuth.broadcast).toHaveBeenCalledWith(
      expect.stringMatching(/^ws/),
      PLAYER,
      [
        [
          'custom_json',
          { required_auths: [PLAYER], required_posting_auths: [], id: 'ssc-mainnet-hive', json: JSON.stringify(TRANSFER_JSON) },
        ],
      ],
      expect.any(Function),
      expect.any(AbortSignal),
    );

    approve(TX_ID);
    await waitFor(() =>
      expect(api.callsTo(ApiRoutes.packPurchaseHive).map((request) => request.body)).toEqual([
        { hiveUsername: PLAYER, packCount: 1, hiveTxId: TX_ID },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('hiveauth-wait')).not.toBeInTheDocument());
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
  });

  it("HiveAuth: a refusal in the wallet shows the wallet's word and reports nothing", async () => {
    localStorage.setItem(WALLET_STORAGE_KEY, 'hiveauth');
    hiveAuth.broadcast.mockRejectedValue(new UserFacingError('The payment was refused in your HiveAuth wallet'));
    const { api } = await openPacks();
    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    expect(await within(feedback()).findByRole('alert')).toHaveTextContent('The payment was refused in your HiveAuth wallet');
    expect(api.callsTo(ApiRoutes.packPurchaseHive)).toEqual([]);
  });

  it("HiveSigner: opens its signing page for the transfer and follows the payment's steps from sent, reporting nothing", async () => {
    localStorage.setItem(WALLET_STORAGE_KEY, 'hivesigner');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { api } = await openPacks();
    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));

    const link = await within(await screen.findByTestId('hivesigner-wait')).findByRole('link', { name: 'Open HiveSigner' });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${HIVESIGNER_URL}/sign/custom-json`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      required_auths: JSON.stringify([PLAYER]),
      required_posting_auths: '[]',
      id: 'ssc-mainnet-hive',
      json: JSON.stringify(TRANSFER_JSON),
    });
    expect(open).toHaveBeenCalledWith(url.toString(), '_blank', 'noopener');
    expect(screen.getByTestId('hive-offers-single-by-hand').querySelector('[data-testid="payment-steps"]')).toHaveAttribute(
      'data-step',
      'sent',
    );
    // Awaited on the chain: no other payment starts meanwhile.
    expect(buyButton('Buy 10 Packs (SWAP.HIVE)')).toBeDisabled();
    expect(api.callsTo(ApiRoutes.packPurchaseHive)).toEqual([]);
  });
});
