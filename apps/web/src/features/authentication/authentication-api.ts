import { useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  type FreeRegistrationRequest,
  type HivePriceResponse,
  type LoginChallengeResponse,
  type SessionResponse,
  type VerifyLoginRequest,
} from '@runik/contract';
import { apiErrorMessage, axiosErrorOf, httpClient, responseData, serverErrorMessage } from '../../api/http-client';
import { UserFacingError } from '../../shared/errors';
import { feeAmount, feeFetchFailure } from '../../wallet/registration-payment';

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

/** The registration fee as a HIVE amount with exactly 3 decimals, as Keychain and the server expect it. */
async function fetchRegistrationFee(): Promise<string> {
  const { feeInHive } = await responseData(httpClient.get<Partial<HivePriceResponse>>(ApiRoutes.hivePrice), feeFetchFailure);
  const fee = feeAmount(feeInHive);
  if (!fee) throw new UserFacingError('Unable to load registration fee. Please try again later.');
  return fee;
}

export function useRegistrationFee() {
  return useQuery({ queryKey: ['registration-fee'], queryFn: fetchRegistrationFee });
}
