import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { cartDetailsKey } from '@/api/query-keys';
import type { Item } from '@/api/types';
import { getCartDetail } from './api/get-cart-detail';
import { ITEMS_STALE_TIME } from './api/get-items';

/** The current details of the products a guest keeps, by product id. Products that no
 * longer exist are reported through `onGone`, so the browser store can drop them. */
export function useGuestDetails(productIds: string[], enabled: boolean, onGone: (productIds: string[]) => void) {
  const sorted = useMemo(() => [...productIds].sort(), [productIds]);
  const details = useQuery({
    queryKey: cartDetailsKey(sorted),
    queryFn: () => getCartDetail(sorted),
    enabled: enabled && sorted.length > 0,
    staleTime: ITEMS_STALE_TIME,
    // Removing a line keeps the other lines on screen while the rest reloads.
    placeholderData: keepPreviousData,
  });
  const byId = useMemo(() => new Map((details.data ?? []).map((item: Item) => [item.productId, item])), [details.data]);

  const fresh = details.isSuccess && !details.isPlaceholderData;
  useEffect(() => {
    if (!fresh) return;
    const gone = sorted.filter((id) => !byId.has(id));
    if (gone.length > 0) onGone(gone);
  }, [fresh, sorted, byId, onGone]);

  return { details, byId, waiting: enabled && sorted.length > 0 && details.isPending };
}
