import { useCallback, useMemo } from 'react';
import type { Item } from '@/api/types';
import type { ListType } from './api/types';
import { type LineRef, lineMatches } from './line-ref';
import type { Change, ListEntry, ListSource } from './list-source';
import { type Outcome, useLocalStore } from './local-store';
import { useGuestDetails } from './use-guest-details';

type Store = ReturnType<typeof useLocalStore.getState>;

/** How the browser store changes each list; a refusal comes in the store's own words. */
interface StoreList {
  add: (store: Store, line: LineRef, quantity: number, stock?: number) => Outcome;
  remove: (store: Store, line: LineRef) => Outcome;
  setQuantity: (store: Store, line: LineRef, quantity: number) => Outcome;
}

const STORE_LISTS: Record<ListType, StoreList> = {
  cart: {
    add: (store, line, quantity, stock) => store.addToCart(line, quantity, stock),
    remove: (store, line) => store.removeFromCart(line),
    setQuantity: (store, line, quantity) => store.updateCartQuantity(line, quantity),
  },
  wishlist: {
    add: (store, line) => store.addToWishlist(line),
    remove: (store, line) => store.removeFromWishlist(line),
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
  const entries: ListEntry[] = useMemo(
    () => stored.map((entry) => ({ productId: entry.productId, variantId: entry.variantId, quantity: 'quantity' in entry ? entry.quantity : 1 })),
    [stored],
  );
  const dropGone = useCallback((gone: LineRef[]) => gone.forEach((line) => list.remove(useLocalStore.getState(), line)), [list]);
  const guest = useGuestDetails(entries, loadDetails, dropGone);

  const items: Item[] = useMemo(
    () =>
      entries.flatMap((entry) => {
        const ref = { productId: entry.productId, ...(entry.variantId && { variantId: entry.variantId }) };
        const item = guest.details.data?.find((detail: Item & { variantId?: string }) => lineMatches(detail, ref));
        // Guests' details carry the product id as `_id`; the quantity is the browser's.
        return item ? [{ ...item, quantity: entry.quantity }] : [];
      }),
    [entries, guest.details.data],
  );

  const apply = (change: Change): Outcome => {
    const store = useLocalStore.getState();
    if (change.type === 'add') return list.add(store, change.line, 1);
    if (change.type === 'remove') return list.remove(store, change.line);
    return list.setQuantity(store, change.line, change.quantity);
  };

  return {
    where: 'browser',
    entries,
    items,
    isLoading: guest.waiting,
    error: guest.details.isError ? guest.details.error : null,
    retry: () => void guest.details.refetch(),
    add: async (line, quantity, stock) => list.add(useLocalStore.getState(), line, quantity, stock),
    remove: async (line) => list.remove(useLocalStore.getState(), line),
    refresh: async () => undefined,
    change: (change, done) => done(apply(change)),
    changing: false,
  };
}
