import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  ApiRoutes,
  type FreeRegistrationRequest,
  type HiveBalanceResponse,
  type HivePriceResponse,
  type InitiateRegistrationRequest,
  type InitiateRegistrationResponse,
  type LoginChallengeResponse,
  type SessionResponse,
  type TransactionStatusResponse,
  type VerifyLoginRequest,
} from '@runik/contract';
import { formatDecimal, parseDecimal } from '@runik/rules';
import { apiErrorMessage, axiosErrorOf, httpClient, responseData, serverErrorMessage } from '../../api/http-client';
import { UserFacingError } from '../../shared/errors';

/** SWAP.HIVE is a Hive Engine token with 8 decimals; fees are HIVE amounts with 3. */
export const SWAP_HIVE = 'SWAP.HIVE';
export const SWAP_HIVE_DECIMALS = 8;
const HIVE_DECIMALS = 3;

export interface ChallengeResult {
  /** False when the name has no game account yet: the challenge then serves free registration. */
  registered: boolean;
  challenge: LoginChallengeResponse;
}

/** A 404 'not registered' answer still carries a usable challenge (see NotRegisteredResponse). */
function notRegisteredChallenge(error: unknown): LoginChallengeResponse | null {
  const response = axiosErrorOf(error)?.response;
  if (response?.status !== 404) return null;
  if (!serverErrorMessage(error)?.toLowerCase().includes('not registered')) return null;
  const { challenge, timestamp, message } = response.data as Partial<LoginChallengeResponse>;
  const isComplete = typeof challenge === 'string' && typeof timestamp === 'number' && typeof message === 'string';
  return isComplete ? { challenge, timestamp, message } : null;
}

export async function requestLoginChallenge(hiveUsername: string): Promise<ChallengeResult> {
  try {
    const challenge = await responseData(httpClient.get<LoginChallengeResponse>(ApiRoutes.loginChallenge(hiveUsername)), (error) =>
      apiErrorMessage(error, 'Failed to get login challenge'),
    );
    return { registered: true, challenge };
  } catch (error) {
    const challenge = notRegisteredChallenge(error);
    if (challenge) return { registered: false, challenge };
    throw error;
  }
}

export function verifyLogin(request: VerifyLoginRequest): Promise<SessionResponse> {
  return responseData(httpClient.post<SessionResponse>(ApiRoutes.verifyLogin, request), (error) =>
    apiErrorMessage(error, 'Login verification failed'),
  );
}

export function registerFree(request: FreeRegistrationRequest): Promise<SessionResponse> {
  return responseData(httpClient.post<SessionResponse>(ApiRoutes.freeRegistration, request), (error) =>
    apiErrorMessage(error, 'Free registration failed'),
  );
}

export function initiateRegistration(request: InitiateRegistrationRequest): Promise<InitiateRegistrationResponse> {
  return responseData(
    httpClient.post<InitiateRegistrationResponse>(ApiRoutes.initiateRegistration, request),
    () => 'Failed to initiate registration. Please try again.',
  );
}

export function fetchTransactionStatus(txId: string): Promise<TransactionStatusResponse> {
  return responseData(
    httpClient.get<TransactionStatusResponse>(ApiRoutes.transactionStatus(txId)),
    () => 'Error checking registration status. Please try logging in manually.',
  );
}

/** The player's SWAP.HIVE balance as a decimal string, checked to be one. */
async function fetchSwapHiveBalance(hiveUsername: string): Promise<string> {
  const failure = 'Failed to fetch HiveEngine balance.';
  const { balance } = await responseData(httpClient.get<Partial<HiveBalanceResponse>>(ApiRoutes.hiveBalance(hiveUsername)), () => failure);
  if (typeof balance !== 'string' || parseDecimal(balance, SWAP_HIVE_DECIMALS) === null) throw new UserFacingError(failure);
  return balance;
}

/** The registration fee as a HIVE amount with exactly 3 decimals, as Keychain and the server expect it. */
async function fetchRegistrationFee(): Promise<string> {
  const { feeInHive } = await responseData(httpClient.get<Partial<HivePriceResponse>>(ApiRoutes.hivePrice), (error) =>
    isAxiosError(error) && (error.response?.status ?? 0) >= 500
      ? 'Unable to fetch registration fee due to server issue. Please try again later.'
      : 'Unable to fetch registration fee. Please try again later.',
  );
  const thousandths = typeof feeInHive === 'string' ? parseDecimal(feeInHive, HIVE_DECIMALS) : null;
  if (!thousandths) throw new UserFacingError('Unable to load registration fee. Please try again later.');
  return formatDecimal(thousandths, HIVE_DECIMALS);
}

export function useSwapHiveBalance(hiveUsername: string) {
  return useQuery({ queryKey: ['hive-balance', hiveUsername], queryFn: () => fetchSwapHiveBalance(hiveUsername) });
}

export function useRegistrationFee() {
  return useQuery({ queryKey: ['registration-fee'], queryFn: fetchRegistrationFee });
}
