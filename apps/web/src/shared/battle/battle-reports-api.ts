import { useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router-dom';
import { ApiRoutes, AppRoutes, type BattleReportKind, type BattleReportResponse } from '@runik/contract';
import { httpClient, responseData } from '../../api/http-client';

/** The web path of a battle's report: the link a player shares in their alliance. */
export function battleReportPath(kind: BattleReportKind, id: number): string {
  return generatePath(AppRoutes.battleReport, { kind, id: String(id) });
}

async function fetchBattleReport(kind: BattleReportKind, id: number): Promise<BattleReportResponse> {
  return responseData(httpClient.get<BattleReportResponse>(ApiRoutes.battleReport(kind, id)));
}

/** A report never changes once the battle is fought: fetched once, kept while the app runs. */
export function useBattleReport(kind: BattleReportKind, id: number, enabled: boolean) {
  return useQuery({ queryKey: ['battle-reports', kind, id], queryFn: () => fetchBattleReport(kind, id), enabled, staleTime: Infinity });
}
