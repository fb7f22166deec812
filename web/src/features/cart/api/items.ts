// The cart and wishlist calls (spec §7, DESIGN.md §5). Signed-in lists live on the
// server; guests' lists live in the browser store and read their details here.
import { useQuery } from '@tanstack/react-query';
import { itemsKey } from '@/api/query-keys';
import type { CartDetail, Item, Synced } from '@/api/types';
import { apiGet, apiSend } from '@/lib/api-client';
import type { CartEntry, WishlistEntry } from '../local-store';

export type ListType = 'cart' | 'wishlist';

/** Lists change only through this browser most of the time: a short freshness keeps
 * stock and prices current without refetching on every render. */
export const ITEMS_STALE_TIME = 30_000;

const FAILED_TO_FETCH: Record<ListType, string> = {
  cart: 'Failed to fetch cart items',
  wishlist: 'Failed to fetch wishlist',
};

export const getItems = (list: ListType) => apiGet<Item[]>('/user/item', { type: list }, FAILED_TO_FETCH[list]);

export const addItem = (list: ListType, productId: string, quantity: number) =>
  apiSend<Item>('POST', '/user/item', { productId, quantity, type: list }, list === 'cart' ? 'Failed to add item to cart' : 'Failed to add to wishlist');

export const updateQuantity = (itemId: string, quantity: number) =>
  apiSend<Item>('PATCH', `/user/item/${encodeURIComponent(itemId)}`, { quantity }, 'An unexpected error occurred while updating quantity');

export const removeItem = (list: ListType, itemId: string) =>
  apiSend<null>(
    'DELETE',
    `/user/item/${encodeURIComponent(itemId)}?type=${list}`,
    undefined,
    list === 'cart' ? 'Failed to delete item from cart' : 'Failed to remove from wishlist',
  );

/** Current names, images, prices and stock for products a guest keeps (in the order
 * asked; products that no longer exist are left out). */
export const getCartDetail = (productIds: string[]) =>
  apiSend<CartDetail>('POST', '/user/cart-detail', { cartItems: productIds.map((productId) => ({ productId, quantity: 1 })) }, 'Failed to fetch cart details').then(
    (data) => data.products,
  );

/** Merges the browser's lists into the signed-in shopper's (DESIGN.md §5). */
export const syncItems = (data: { cart: CartEntry[]; wishlist: WishlistEntry[]; lastUpdated: number }) =>
  apiSend<Synced>('POST', '/user/sync', data, 'Failed to sync data');

/** A signed-in shopper's list from the server (disabled for guests: `userId` null). */
export function useServerList(userId: string | null, list: ListType) {
  return useQuery({
    queryKey: itemsKey(userId ?? '', list),
    queryFn: () => getItems(list),
    enabled: userId !== null,
    staleTime: ITEMS_STALE_TIME,
  });
}
