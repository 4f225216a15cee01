import { skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  GearMessages,
  UPGRADE_HISTORY_PAGE_SIZE,
  type UpgradeHistoryResponse,
  type UpgradePreviewResponse,
  type UpgradeRequest,
  type UpgradeResult,
  type UserGearsResponse,
} from '@runik/contract';
import { gearKeys } from '../../shared/query-keys';
import { httpClient, responseData } from '../../api/http-client';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { gearErrorMessage } from '../../shared/gear/gear-errors';
import { BlacksmithTexts } from './blacksmith-texts';

/** A preview waits until the selection has stayed the same this long, so quick clicks ask once. */
export const PREVIEW_DEBOUNCE_MS = 300;

async function fetchOwnedGears(username: string) {
  const request = httpClient.get<UserGearsResponse>(ApiRoutes.blacksmithGears(username));
  const data = await responseData(request, (error) => gearErrorMessage(error, GearMessages.failedLoad, GearMessages.errorLoading));
  return data.gears;
}

async function postPreview(username: string, body: UpgradeRequest) {
  const request = httpClient.post<UpgradePreviewResponse>(ApiRoutes.upgradePreview(username), body);
  const data = await responseData(request, (error) =>
    gearErrorMessage(error, BlacksmithTexts.previewFailed, BlacksmithTexts.previewFailed),
  );
  return data.preview;
}

/** The upgrade itself; the spec's optional `priority` is left out (it changes nothing). */
export function postUpgrade(username: string, body: UpgradeRequest): Promise<UpgradeResult> {
  return responseData(httpClient.post<UpgradeResult>(ApiRoutes.upgrade(username), body), (error) =>
    gearErrorMessage(error, GearMessages.upgradeFailed, GearMessages.errorUpgrading),
  );
}

async function fetchHistoryPage(username: string, offset: number) {
  const request = httpClient.get<UpgradeHistoryResponse>(ApiRoutes.upgradeHistory(username, offset));
  const data = await responseData(request, (error) => gearErrorMessage(error, BlacksmithTexts.historyFailed, GearMessages.networkRetry));
  return data.history;
}

/** Every gear the player owns, with isEquipped and isListed. */
export function useOwnedGears(username: string) {
  return useQuery({ queryKey: gearKeys.owned(username), queryFn: () => fetchOwnedGears(username) });
}

/**
 * The server's preview of upgrading `targetId` with `materialIds`, asked once the selection
 * has stayed the same for PREVIEW_DEBOUNCE_MS (spec section 4). Null while it is not the
 * preview of the current selection.
 */
export function useUpgradePreview(username: string, targetId: number | null, materialIds: readonly number[]) {
  const request = targetId !== null && materialIds.length > 0 ? JSON.stringify({ gearId: targetId, materialIds }) : null;
  const debounced = useDebouncedValue(request, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: gearKeys.preview(username, debounced ?? ''),
    queryFn: debounced === null ? skipToken : () => postPreview(username, JSON.parse(debounced) as UpgradeRequest),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const current = request !== null && debounced === request;
  return {
    preview: current ? (query.data ?? null) : null,
    loading: request !== null && (!current || query.isFetching),
    error: current && query.isError ? query.error : null,
  };
}

/** Past upgrades, newest first, a page of UPGRADE_HISTORY_PAGE_SIZE at a time by offset. */
export function useUpgradeHistory(username: string) {
  return useInfiniteQuery({
    queryKey: gearKeys.history(username),
    queryFn: ({ pageParam }) => fetchHistoryPage(username, pageParam),
    initialPageParam: 0,
    // A short page is the last; a full one may have more behind it.
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.length < UPGRADE_HISTORY_PAGE_SIZE ? undefined : lastOffset + UPGRADE_HISTORY_PAGE_SIZE,
  });
}
