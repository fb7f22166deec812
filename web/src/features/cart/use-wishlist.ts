import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import type { Item } from '@/api/types';
import { useSignedInUserId } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';
import { addItem, itemsKey, removeItem, useServerList } from './api/items';
import { useLocalStore } from './local-store';
import { useGuestDetails } from './use-guest-details';

/** The header's wishlist count: the number of entries (spec §9). */
export function useWishlistCount(): number {
  const userId = useSignedInUserId();
  const server = useServerList(userId, 'wishlist');
  const local = useLocalStore((state) => state.wishlist.length);
  return userId === null ? local : (server.data?.length ?? 0);
}

/** Whether products are on the wishlist, and the heart that adds or removes one. The
 * heart flips at once and flips back if the server refuses (spec §4). Guests' wishlist
 * lives in the browser store (DESIGN.md §5). */
export function useWishlistHeart() {
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const server = useServerList(userId, 'wishlist');
  const local = useLocalStore((state) => state.wishlist);
  const key = itemsKey(userId ?? '', 'wishlist');

  const ids = useMemo(
    () => new Set(userId !== null ? (server.data ?? []).map((item) => item.productId) : local.map((entry) => entry.productId)),
    [userId, server.data, local],
  );

  const flip = useMutation({
    mutationFn: async ({ productId, adding }: { productId: string; adding: boolean }) => {
      if (adding) return addItem('wishlist', productId, 1);
      const item = (server.data ?? []).find((i) => i.productId === productId);
      if (item) await removeItem('wishlist', item._id);
      return null;
    },
    onMutate: async ({ productId, adding }) => {
      // A load under way would overwrite the flip with the server's older answer.
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Item[]>(key);
      client.setQueryData<Item[]>(key, (items = []) =>
        adding ? [...items, { _id: `pending-${productId}`, productId } as Item] : items.filter((i) => i.productId !== productId),
      );
      return { before };
    },
    onSuccess: (_, { adding }) => {
      toast.success(adding ? 'Added to wishlist' : 'Removed from wishlist');
    },
    onError: (error, { adding }, context) => {
      client.setQueryData(key, context?.before);
      toast.error(error.message || (adding ? 'Failed to add to wishlist' : 'Failed to remove from wishlist'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });

  const toggle = useCallback(
    (productId: string) => {
      const adding = !ids.has(productId);
      if (userId !== null) {
        // One change at a time: a second click waits for the first answer.
        if (flip.isPending) return;
        flip.mutate({ productId, adding });
        return;
      }
      const { addToWishlist, removeFromWishlist } = useLocalStore.getState();
      const outcome = adding ? addToWishlist(productId) : removeFromWishlist(productId);
      if (outcome.ok) toast.success(adding ? 'Added to wishlist' : 'Removed from wishlist');
      else toast.error(outcome.message);
    },
    [ids, userId, flip],
  );

  return { has: (productId: string) => ids.has(productId), toggle };
}

/** The wishlist page's state: entries with current details, removal, and 'Move All To Bag'. */
export function useWishlist() {
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const server = useServerList(userId, 'wishlist');
  const local = useLocalStore((state) => state.wishlist);
  const localIds = useMemo(() => local.map((entry) => entry.productId), [local]);
  const dropGone = useCallback((ids: string[]) => ids.forEach((id) => useLocalStore.getState().removeFromWishlist(id)), []);
  const guest = useGuestDetails(localIds, userId === null, dropGone);

  const items: Item[] = useMemo(() => {
    if (userId !== null) return server.data ?? [];
    return localIds.flatMap((id) => guest.byId.get(id) ?? []);
  }, [userId, server.data, localIds, guest.byId]);

  const refresh = () =>
    userId !== null
      ? Promise.all([client.invalidateQueries({ queryKey: itemsKey(userId, 'wishlist') }), client.invalidateQueries({ queryKey: itemsKey(userId, 'cart') })])
      : Promise.resolve();

  /** Removes one entry; resolves once the list is refreshed. */
  const remove = async (item: Item) => {
    if (userId === null) {
      const outcome = useLocalStore.getState().removeFromWishlist(item.productId);
      if (outcome.ok) toast.success(`${item.name} has been removed from your wishlist.`);
      else toast.error(outcome.message);
      return;
    }
    try {
      await removeItem('wishlist', item._id);
      toast.success(`${item.name} has been removed from your wishlist.`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove item from wishlist'));
    }
    await refresh();
  };

  /** Moves every in-stock entry into the cart (one of each) and off the wishlist.
   * An entry the cart refuses (say, it already holds all the stock) stays. */
  const moveAllToBag = async () => {
    const movable = items.filter((item) => item.stock > 0);
    let moved = 0;
    const refusals: string[] = [];
    for (const item of movable) {
      if (userId === null) {
        const store = useLocalStore.getState();
        const outcome = store.addToCart(item.productId, 1, item.stock);
        if (!outcome.ok) {
          refusals.push(`${item.name}: ${outcome.message}`);
          continue;
        }
        store.removeFromWishlist(item.productId);
        moved += 1;
        continue;
      }
      try {
        await addItem('cart', item.productId, 1);
        await removeItem('wishlist', item._id);
        moved += 1;
      } catch (error) {
        refusals.push(`${item.name}: ${errorMessage(error, 'Failed to add item to cart')}`);
      }
    }
    await refresh();
    if (moved > 0) toast.success(`Moved ${moved} ${moved === 1 ? 'item' : 'items'} to your cart`);
    const outOfStock = items.length - movable.length;
    if (outOfStock > 0) toast.info(`${outOfStock} out-of-stock ${outOfStock === 1 ? 'item stays' : 'items stay'} on your wishlist`);
    if (refusals.length > 0) toast.error(refusals[0]);
  };

  const query = userId !== null ? server : guest.details;
  return {
    items,
    isLoading: userId !== null ? server.isPending : guest.waiting,
    error: items.length === 0 && query.isError ? query.error : null,
    remove,
    moveAllToBag,
  };
}
