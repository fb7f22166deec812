import { useCallback, useMemo } from 'react';
import type { Item } from '@/api/types';
import type { ListType } from './api/types';
import type { Change, ListEntry, ListSource } from './list-source';
import { type Outcome, useLocalStore } from './local-store';
import { useGuestDetails } from './use-guest-details';

type Store = ReturnType<typeof useLocalStore.getState>;

/** How the browser store changes each list; a refusal comes in the store's own words. */
interface StoreList {
  add: (store: Store, productId: string, quantity: number, stock?: number) => Outcome;
  remove: (store: Store, productId: string) => Outcome;
  setQuantity: (store: Store, productId: string, quantity: number) => Outcome;
}

const STORE_LISTS: Record<ListType, StoreList> = {
  cart: {
    add: (store, productId, quantity, stock) => store.addToCart(productId, quantity, stock),
    remove: (store, productId) => store.removeFromCart(productId),
    setQuantity: (store, productId, quantity) => store.updateCartQuantity(productId, quantity),
  },
  wishlist: {
    add: (store, productId) => store.addToWishlist(productId),
    remove: (store, productId) => store.removeFromWishlist(productId),
    setQuantity: () => {
      throw new Error('A wishlist has no quantities');
    },
  },
};

/** A guest's `kind` list in the browser store (spec §3, §8): every change is made there
 * and then. Details are loaded only with `loadDetails`, and products that no longer
 * exist are dropped from the store. */
export function useLocalListSource(kind: ListType, { loadDetails }: { loadDetails: boolean }): ListSource {
  const list = STORE_LISTS[kind];
  const stored = useLocalStore((state) => state[kind]);
  const entries: ListEntry[] = useMemo(() => stored.map((entry) => ({ productId: entry.productId, quantity: 'quantity' in entry ? entry.quantity : 1 })), [stored]);
  const ids = useMemo(() => entries.map((entry) => entry.productId), [entries]);
  const dropGone = useCallback((gone: string[]) => gone.forEach((id) => list.remove(useLocalStore.getState(), id)), [list]);
  const guest = useGuestDetails(ids, loadDetails, dropGone);

  const items: Item[] = useMemo(
    () =>
      entries.flatMap((entry) => {
        const item = guest.byId.get(entry.productId);
        // Guests' details carry the product id as `_id`; the quantity is the browser's.
        return item ? [{ ...item, quantity: entry.quantity }] : [];
      }),
    [entries, guest.byId],
  );

  const apply = (change: Change): Outcome => {
    const store = useLocalStore.getState();
    if (change.type === 'add') return list.add(store, change.productId, 1);
    if (change.type === 'remove') return list.remove(store, change.productId);
    return list.setQuantity(store, change.productId, change.quantity);
  };

  return {
    where: 'browser',
    entries,
    items,
    isLoading: guest.waiting,
    error: guest.details.isError ? guest.details.error : null,
    retry: () => void guest.details.refetch(),
    add: async (productId, quantity, stock) => list.add(useLocalStore.getState(), productId, quantity, stock),
    remove: async (productId) => list.remove(useLocalStore.getState(), productId),
    refresh: async () => undefined,
    change: (change, done) => done(apply(change)),
    changing: false,
  };
}
