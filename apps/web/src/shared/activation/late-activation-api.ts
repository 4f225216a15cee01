import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, type LateActivationPreviewResponse, type WithdrawStatusResponse } from '@runik/contract';
import { apiErrorMessage, httpClient, responseData } from '../../api/http-client';
import { feeAmount } from '../../wallet/registration-payment';
import { UserFacingError } from '../errors';
import { activationKeys } from '../query-keys';

export const LATE_ACTIVATION_UNAVAILABLE = 'Unable to load the activation. Please try again later.';

/** What activating the player's free account now would do, its late fee as a HIVE amount with exactly 3 decimals. */
async function fetchLateActivation(username: string): Promise<LateActivationPreviewResponse> {
  const preview = await responseData(httpClient.get<LateActivationPreviewResponse>(ApiRoutes.lateActivation(username)), (error) =>
    apiErrorMessage(error, LATE_ACTIVATION_UNAVAILABLE),
  );
  const feeInHive = feeAmount(preview.feeInHive);
  if (!feeInHive) throw new UserFacingError('Unable to load registration fee. Please try again later.');
  return { ...preview, feeInHive };
}

/** The preview of a free player's late activation; `enabled` false once it is activated (the server answers 409). */
export function useLateActivationPreview(username: string, enabled: boolean) {
  return useQuery({ queryKey: activationKeys.preview(username), queryFn: () => fetchLateActivation(username), enabled });
}

/** RUNIK the player may withdraw now (the withdraw status), once the activation is confirmed. */
export async function fetchWithdrawableRunik(username: string): Promise<number> {
  const status = await responseData(httpClient.get<WithdrawStatusResponse>(ApiRoutes.withdrawStatus(username)), (error) =>
    apiErrorMessage(error),
  );
  return status.withdrawableRunik;
}
