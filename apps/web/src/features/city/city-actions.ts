import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConvertRequest,
  ConvertResponse,
  ConvertToResourcesRequest,
  ConvertToResourcesResponse,
  HarvestResponse,
  HealRequest,
  HealResponse,
  TrainRequest,
  TrainResponse,
  UpgradeResponse,
} from '@runik/contract';
import { CITY_HALL_KEY, recordOf, RESOURCE_KEYS, toThousandths, UNIT_KEYS, type BuildingKey, type MilitaryBuildingKey } from '@runik/rules';
import { cityKeys } from '../../shared/query-keys';
import { actionErrorMessage, axiosErrorOf } from '../../api/http-client';
import { UserFacingError } from '../../shared/errors';
import { useShowToast } from '../../ui/Toasts';
import { postConvert, postConvertToResources, postHarvest, postHeal, postSpeedup, postTrain, postUpgrade } from './city-api';
import { CityFailures, CitySuccesses } from './city-messages';
import { applyHarvest, applyHeal, applyResources, applyTraining, applyUpgrade, type CityState } from './city-state';
import { describeAmounts } from './popups/CostList';

interface CityActionOptions<Variables, Response> {
  request: (username: string, variables: Variables) => Promise<Response>;
  /** Merges the response into the cached city. */
  apply: (city: CityState, response: Response, variables: Variables) => CityState;
  /** Shown when the server sent no `{ error }`. */
  fallback: (variables: Variables) => string;
  /** What the player is told in a toast on success, from the city as it was before and the response; nothing when absent. */
  success?: (response: Response, variables: Variables, before: CityState) => string;
  /** Where a failure's message goes: an error toast unless given (the spec's alert, section 8). */
  onFailure?: (message: string) => void;
}

/**
 * One player action on the city: refused before the city has loaded, merged into the
 * cached city on success (the response carries everything that changed) and said in a toast,
 * and on failure the server's message or the fallback goes to `onFailure` (an error toast by
 * default) and the city is reloaded.
 */
export function useCityAction<Variables, Response>(
  username: string,
  { request, apply, fallback, success, onFailure }: CityActionOptions<Variables, Response>,
) {
  const queryClient = useQueryClient();
  const showToast = useShowToast();
  const cityKey = cityKeys.city(username);
  return useMutation<Response, unknown, Variables>({
    mutationFn: (variables) => {
      if (!queryClient.getQueryData(cityKey)) throw new UserFacingError(CityFailures.notLoaded);
      return request(username, variables);
    },
    onSuccess: async (response, variables) => {
      // A refetch started before the action would bring back the old balances.
      await queryClient.cancelQueries({ queryKey: cityKey });
      const before = queryClient.getQueryData<CityState>(cityKey);
      queryClient.setQueryData<CityState>(cityKey, (city) => city && apply(city, response, variables));
      if (success && before) showToast(success(response, variables, before));
      // Previews depend on what is held.
      void queryClient.invalidateQueries({ queryKey: cityKeys.previews });
    },
    onError: (error, variables) => {
      const message = actionErrorMessage(error, fallback(variables));
      if (onFailure) onFailure(message);
      else showToast(message, 'error');
      // The server refused on state this page may not have seen (another tab or device): reload it.
      if (axiosErrorOf(error)) void queryClient.invalidateQueries({ queryKey: cityKey });
    },
  });
}

export interface UpgradeTarget {
  key: BuildingKey | typeof CITY_HALL_KEY;
  /** Display name, for the fallback message. */
  name: string;
}

export function useUpgrade(username: string) {
  return useCityAction<UpgradeTarget, UpgradeResponse>(username, {
    request: (user, { key }) => postUpgrade(user, key),
    apply: (city, response) => applyUpgrade(city, response, Date.now()),
    fallback: ({ key, name }) => (key === CITY_HALL_KEY ? CityFailures.upgradeCityHall : CityFailures.upgradeBuilding(name)),
    success: (response, { key, name }) => CitySuccesses.upgraded(name, key === CITY_HALL_KEY ? response.chLevel : response.levels[key]),
  });
}

/** A harvest failure is not toasted: it sets the screen's error state (spec section 8). */
export function useHarvest(username: string, onFailure: (message: string) => void) {
  return useCityAction<void, HarvestResponse>(username, {
    request: (user) =>
      postHarvest(user).then((response) => (void import('../../shared/sound').then((sound) => sound.playSound('harvest')), response)),
    apply: (city, response) => applyHarvest(city, response, Date.now()),
    fallback: () => CityFailures.harvest,
    // What the harvest added to what was held (the response carries the new holdings only).
    success: (response, _, before) =>
      CitySuccesses.harvested(
        describeAmounts(recordOf(RESOURCE_KEYS, (resource) => toThousandths(response.resources[resource]) - before.holdings[resource])),
      ),
    onFailure,
  });
}

export function useConvertToRunik(username: string) {
  return useCityAction<ConvertRequest, ConvertResponse>(username, {
    request: postConvert,
    apply: applyResources,
    fallback: () => CityFailures.convertToRunik,
  });
}

export function useConvertToResources(username: string) {
  return useCityAction<ConvertToResourcesRequest, ConvertToResourcesResponse>(username, {
    request: postConvertToResources,
    apply: applyResources,
    fallback: () => CityFailures.convertToResources,
  });
}

export function useTrain(username: string, unit: string) {
  return useCityAction<TrainRequest, TrainResponse>(username, {
    request: postTrain,
    apply: applyTraining,
    fallback: () => CityFailures.train(unit),
    success: (_, { count }) => CitySuccesses.training(count, unit),
  });
}

export function useSpeedup(username: string, building: MilitaryBuildingKey, buildingName: string) {
  return useCityAction<number, TrainResponse>(username, {
    request: (user, minutes) => postSpeedup(user, building, minutes),
    apply: applyTraining,
    fallback: () => CityFailures.speedup(buildingName),
    success: (_, minutes) => CitySuccesses.spedUp(buildingName, minutes),
  });
}

export function useHeal(username: string) {
  return useCityAction<HealRequest, HealResponse>(username, {
    request: postHeal,
    apply: applyHeal,
    fallback: () => CityFailures.heal,
    success: (_, troops) => CitySuccesses.healed(UNIT_KEYS.reduce((sum, unit) => sum + (troops[unit] ?? 0), 0)),
  });
}
