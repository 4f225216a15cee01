import axios, { AxiosInstance } from 'axios';
import { ApiRoutes } from '@runik/contract';
import type { LoginChallengeResponse, SessionResponse, TransactionStatusResponse } from '@runik/contract';
import { devKey, signMessage } from './hive';

/** An HTTP client for the API that never throws on a status, so tests assert on it. */
export function apiClient(baseURL: string, token?: string): AxiosInstance {
  return axios.create({
    baseURL,
    validateStatus: () => true,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/** Gets a challenge (200 or 404 for an unknown player), as the login screen does. */
export async function challengeFor(api: AxiosInstance, username: string): Promise<LoginChallengeResponse> {
  const { data } = await api.get<LoginChallengeResponse>(ApiRoutes.loginChallenge(username));
  return data;
}

/** Signs a challenge with the account's posting key, as Keychain does. */
export async function signedChallenge(api: AxiosInstance, username: string) {
  const { challenge, timestamp, message } = await challengeFor(api, username);
  return { hiveUsername: username, challenge, timestamp, signature: signMessage(message, devKey(username, 'posting')) };
}

export async function login(api: AxiosInstance, username: string): Promise<SessionResponse> {
  const response = await api.post<SessionResponse>(ApiRoutes.verifyLogin, await signedChallenge(api, username));
  if (response.status !== 200) throw new Error(`login of ${username} failed: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function registerFree(api: AxiosInstance, username: string, referrer = ''): Promise<SessionResponse> {
  const response = await api.post<SessionResponse>(ApiRoutes.freeRegistration, { ...(await signedChallenge(api, username)), referrer });
  if (response.status !== 200)
    throw new Error(`free registration of ${username} failed: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** Polls the registration status until it leaves 'pending'. */
export async function settledStatus(api: AxiosInstance, txId: string, timeoutMs = 20_000): Promise<TransactionStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await api.get<TransactionStatusResponse>(ApiRoutes.transactionStatus(txId));
    if (data.status !== 'pending' || Date.now() > deadline) return data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
