// The cart and wishlist calls (spec §7, docs/DESIGN.md §5), one file each. Signed-in lists
// live on the server; guests' lists live in the browser store and read their details
// through get-cart-detail.ts.
import { useQuery } from '@tanstack/react-query';
import { itemsKey } from '@/api/query-keys';
import type { Item } from '@/api/types';
import { apiGet } from '@/lib/api-client';
import type { ListType } from './types';

/** Lists change only through this browser most of the time: a short freshness keeps
 * stock and prices current without refetching on every render. */
export const ITEMS_STALE_TIME = 30_000;

const FAILED_TO_FETCH: Record<ListType, string> = {
  cart: 'Failed to fetch cart items',
  wishlist: 'Failed to fetch wishlist',
};

export const getItems = (list: ListType) => apiGet<Item[]>('/user/item', { type: list }, FAILED_TO_FETCH[list]);

/** A signed-in shopper's list from the server (disabled for guests: `userId` null). */
export function useServerList(userId: string | null, list: ListType) {
  return useQuery({
    queryKey: itemsKey(userId ?? '', list),
    queryFn: () => getItems(list),
    enabled: userId !== null,
    staleTime: ITEMS_STALE_TIME,
  });
}
