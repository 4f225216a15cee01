import { vi } from 'vitest';
import type { HiveKeychain, KeychainBroadcastResult, KeychainResponse } from '../wallet/keychain';

export const FAKE_SIGNATURE = '1f'.repeat(65);
export const FAKE_TRANSACTION_ID = 'c0ffee'.repeat(6) + 'abcd';

export interface FakeKeychainResponses {
  sign?: KeychainResponse<string>;
  sendToken?: KeychainResponse<KeychainBroadcastResult>;
}

/**
 * A stand-in for the Hive Keychain browser extension (an external program),
 * answering asynchronously like the real one.
 */
export function installFakeKeychain({
  sign = { success: true, result: FAKE_SIGNATURE, message: 'Message signed' },
  sendToken = { success: true, result: { id: FAKE_TRANSACTION_ID }, message: 'Transfer sent' },
}: FakeKeychainResponses = {}) {
  const keychain = {
    requestSignBuffer: vi.fn<HiveKeychain['requestSignBuffer']>((_account, _message, _key, callback) => {
      queueMicrotask(() => callback(sign));
    }),
    requestSendToken: vi.fn<HiveKeychain['requestSendToken']>((_from, _to, _amount, _memo, _symbol, callback) => {
      queueMicrotask(() => callback(sendToken));
    }),
  };
  window.hive_keychain = keychain;
  return keychain;
}
