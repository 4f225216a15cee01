import { skipToken, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  GearMessages,
  type EquippedGears,
  type EquippedGearsResponse,
  type EquipRequest,
  type GearActionResponse,
  type GearsResponse,
  type UnequipRequest,
} from '@runik/contract';
import { gearCategory, type GearType } from '@runik/rules';
import { gearKeys } from '../../shared/query-keys';
import { httpClient, responseData } from '../../api/http-client';
import { gearErrorMessage } from '../../shared/gear/gear-errors';

/**
 * The equipped gears by slot. `_t` keeps any cache between here and the server from
 * answering with the slots as they were before an equip (spec section 7).
 */
export async function fetchEquippedGears(username: string): Promise<EquippedGears> {
  const request = httpClient.get<EquippedGearsResponse>(`${ApiRoutes.gearsEquipped(username)}?_t=${Date.now()}`);
  const data = await responseData(request, (error) => gearErrorMessage(error, GearMessages.failedEquipped, GearMessages.networkError));
  return data.equippedGears;
}

async function fetchAvailableGears(username: string, slot: GearType) {
  const request = httpClient.get<GearsResponse>(ApiRoutes.gearsAvailable(username, gearCategory(slot), slot));
  const data = await responseData(request, (error) => gearErrorMessage(error, GearMessages.failedAvailable, GearMessages.networkError));
  return data.gears;
}

export function useEquippedGears(username: string) {
  return useQuery({ queryKey: gearKeys.equipped(username), queryFn: () => fetchEquippedGears(username) });
}

/** The gears that fit `slot`, loaded while its picker is open (null: no picker). */
export function useAvailableGears(username: string, slot: GearType | null) {
  return useQuery({
    queryKey: gearKeys.availableFor(username, slot ?? 'infantry'),
    queryFn: slot === null ? skipToken : () => fetchAvailableGears(username, slot),
  });
}

// The calls behind equip and unequip (spec section 7). A refusal keeps the server's message.

export function postEquip(body: EquipRequest): Promise<GearActionResponse> {
  return responseData(httpClient.post<GearActionResponse>(ApiRoutes.gearsEquip, body), (error) =>
    gearErrorMessage(error, GearMessages.failedEquip, GearMessages.networkRetry),
  );
}

export function postUnequip(body: UnequipRequest): Promise<GearActionResponse> {
  return responseData(httpClient.post<GearActionResponse>(ApiRoutes.gearsUnequip, body), (error) =>
    gearErrorMessage(error, GearMessages.failedUnequip, GearMessages.networkRetry),
  );
}
