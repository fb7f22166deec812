import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { cartDetailsKey } from '@/api/query-keys';
import type { Item } from '@/api/types';
import { getCartDetail } from './api/get-cart-detail';
import { ITEMS_STALE_TIME } from './api/get-items';
import { type LineRef, lineKey, lineMatches, refOf } from './line-ref';

/** The current details of the lines a guest keeps (one per variant). Lines whose product
 * or variant no longer exists are reported through `onGone`, so the browser store can
 * drop them. */
export function useGuestDetails(lines: { productId: string; variantId?: string | null }[], enabled: boolean, onGone: (lines: LineRef[]) => void) {
  // Sorted by key, so the same lines in another order share the cache.
  const sorted = useMemo(() => lines.map(refOf).sort((a, b) => lineKey(a).localeCompare(lineKey(b))), [lines]);
  const keys = useMemo(() => sorted.map(lineKey), [sorted]);
  const details = useQuery({
    queryKey: cartDetailsKey(keys),
    queryFn: () => getCartDetail(sorted),
    enabled: enabled && sorted.length > 0,
    staleTime: ITEMS_STALE_TIME,
    // Removing a line keeps the other lines on screen while the rest reloads.
    placeholderData: keepPreviousData,
  });

  const fresh = details.isSuccess && !details.isPlaceholderData;
  useEffect(() => {
    if (!fresh) return;
    const found: (Item & { variantId?: string })[] = details.data ?? [];
    const gone = sorted.filter((line) => !found.some((item) => lineMatches(item, line)));
    if (gone.length > 0) onGone(gone);
  }, [fresh, sorted, details.data, onGone]);

  return { details, waiting: enabled && sorted.length > 0 && details.isPending };
}
