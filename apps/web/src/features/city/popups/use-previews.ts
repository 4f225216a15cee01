import { skipToken, useQuery } from '@tanstack/react-query';
import type { ConvertPreviewResponse, ConvertToResourcesPreviewResponse } from '@runik/contract';
import { RESOURCE_KEYS, type ResourceAmounts, type ResourceKey } from '@runik/rules';
import { cityKeys } from '../../../shared/query-keys';
import { postConvert, postConvertToResources } from '../city-api';
import { toDecimalString } from '../city-format';
import { useDebouncedValue } from '../../../ui/use-debounced-value';

/** Previews wait until the player has stopped typing this long (spec section 9). */
export const PREVIEW_DEBOUNCE_MS = 300;

const PREVIEW_QUERY = { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

/**
 * The server's preview for `request` (a JSON body, null when there is nothing to preview),
 * asked once the request has stayed the same for 300 ms. Null while it is not the preview
 * of the current request.
 */
function useDebouncedPreview<T>(
  request: string | null,
  queryKey: (request: string) => readonly unknown[],
  ask: (request: string) => Promise<T>,
) {
  const debounced = useDebouncedValue(request, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    ...PREVIEW_QUERY,
    queryKey: queryKey(debounced ?? ''),
    queryFn: debounced === null ? skipToken : () => ask(debounced),
  });
  const current = request !== null && debounced === request;
  return { preview: current ? (query.data ?? null) : null, loading: request !== null && (!current || query.isFetching) };
}

/** Preview of converting `amount` (thousandths) of each selected resource to RUNIK. */
export function useConvertPreview(username: string, selected: readonly ResourceKey[], amount: number | null) {
  const ordered = RESOURCE_KEYS.filter((resource) => selected.includes(resource));
  const request =
    ordered.length > 0 && amount !== null && amount > 0
      ? JSON.stringify({ selectedResources: ordered, amount: toDecimalString(amount, 2) })
      : null;
  return useDebouncedPreview<ConvertPreviewResponse>(
    request,
    (body) => cityKeys.convertPreview(username, body),
    (body) => postConvert(username, { ...JSON.parse(body), preview: true }),
  );
}

/** The body asking for `amounts` (thousandths) of resources: decimal strings, only those above 0. */
export function resourcesRequest(amounts: Partial<ResourceAmounts>): Partial<Record<ResourceKey, string>> {
  const body: Partial<Record<ResourceKey, string>> = {};
  for (const resource of RESOURCE_KEYS) {
    const amount = amounts[resource] ?? 0;
    if (amount > 0) body[resource] = toDecimalString(amount, 2);
  }
  return body;
}

/** Preview of the RUNIK that buys `amounts` of resources. */
export function useConvertToResourcesPreview(username: string, amounts: Partial<ResourceAmounts>) {
  const body = resourcesRequest(amounts);
  const request = Object.keys(body).length > 0 ? JSON.stringify(body) : null;
  return useDebouncedPreview<ConvertToResourcesPreviewResponse>(
    request,
    (key) => cityKeys.convertToResourcesPreview(username, key),
    (key) => postConvertToResources(username, { ...JSON.parse(key), preview: true }),
  );
}
