import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GearMessages } from '@runik/contract';
import type { GearType } from '@runik/rules';
import { cityKeys, gearKeys } from '../../shared/query-keys';
import { UserFacingError } from '../../shared/errors';
import { fetchEquippedGears, postEquip, postUnequip } from './gear-api';

export interface EquipVariables {
  gearId: number;
  slot: GearType;
}

/**
 * Equip and unequip. Each reloads the equipped gears before it counts as done (spec section 4),
 * so the slots never show a stale state as idle; an unequip also checks the slot really emptied.
 */
export function useGearActions(username: string) {
  const queryClient = useQueryClient();

  const reloadEquipped = async () => {
    try {
      return await queryClient.fetchQuery({
        queryKey: gearKeys.equipped(username),
        queryFn: () => fetchEquippedGears(username),
        staleTime: 0,
      });
    } catch (error) {
      throw new UserFacingError(GearMessages.failedRefresh, { cause: error });
    }
  };

  // Also after a refusal: the server may know of a change (another tab) this page has not seen.
  // The swapped-out gear is available again, the blacksmith's isEquipped flags changed, and
  // mayor gear changes the city's production.
  const refreshRelated = () => {
    void queryClient.invalidateQueries({ queryKey: gearKeys.available(username) });
    void queryClient.invalidateQueries({ queryKey: gearKeys.owned(username) });
    void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
  };

  const equip = useMutation({
    mutationFn: async ({ gearId, slot }: EquipVariables) => {
      const response = await postEquip({ hiveUsername: username, gearId, slotType: slot });
      await reloadEquipped();
      return response;
    },
    onSettled: refreshRelated,
  });

  const unequip = useMutation({
    mutationFn: async (slot: GearType) => {
      const response = await postUnequip({ hiveUsername: username, slotType: slot });
      const equipped = await reloadEquipped();
      if (equipped[slot]) throw new UserFacingError(GearMessages.notUnequipped);
      return response;
    },
    onSettled: refreshRelated,
  });

  return { equip, unequip };
}
