import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  type ArmyStatsResponse,
  type AttackPreviewResponse,
  type AttackResponse,
  type BattleLogsResponse,
  type EnemiesResponse,
} from '@runik/contract';
import { attackKeys } from '../../shared/query-keys';
import { httpClient, responseData } from '../../api/http-client';
import { toArmyState, type ArmyState } from './attack-state';

async function fetchArmy(username: string): Promise<ArmyState> {
  return toArmyState(await responseData(httpClient.get<ArmyStatsResponse>(ApiRoutes.armyStats(username))), Date.now());
}

async function fetchEnemies(username: string, page: number, minLevel: number): Promise<EnemiesResponse> {
  return responseData(httpClient.get<EnemiesResponse>(ApiRoutes.enemies(username, page, minLevel)));
}

async function fetchBattleLogs(username: string): Promise<BattleLogsResponse> {
  return responseData(httpClient.get<BattleLogsResponse>(ApiRoutes.battleLogs(username)));
}

export async function postAttack(username: string, enemy: string): Promise<AttackResponse> {
  return responseData(httpClient.post<AttackResponse>(ApiRoutes.attack(username, enemy), {}));
}

/** The player's army and attack charges. */
export function useArmy(username: string) {
  return useQuery({ queryKey: attackKeys.army(username), queryFn: () => fetchArmy(username) });
}

/** One page of enemies; the previous page stays on screen while the next loads. */
export function useEnemies(username: string, page: number, minLevel: number) {
  return useQuery({
    queryKey: attackKeys.enemiesPage(username, page, minLevel),
    queryFn: () => fetchEnemies(username, page, minLevel),
    placeholderData: keepPreviousData,
  });
}

/** The battle log, fetched afresh each time the popup opens. */
export function useBattleLogs(username: string) {
  return useQuery({ queryKey: attackKeys.battleLogs(username), queryFn: () => fetchBattleLogs(username), gcTime: 0 });
}

/** What an attack on `enemy` would likely do; refetched with the rest of the attack screen after a battle. */
export function useAttackPreview(username: string, enemy: string) {
  return useQuery({
    queryKey: attackKeys.preview(username, enemy),
    queryFn: () => responseData(httpClient.get<AttackPreviewResponse>(ApiRoutes.attackPreview(username, enemy))),
  });
}
