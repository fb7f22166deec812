import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import type { Item } from '@/api/types';
import { useSignedInUserId } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';
import { addItem, itemsKey, removeItem, updateQuantity, useServerList } from './api/items';
import { cartCount, useLocalStore } from './local-store';
import { useGuestDetails } from './use-guest-details';

/** How long a guest waits for 'Item Added to Cart' (spec §6, §9). */
export const GUEST_ADD_MESSAGE_DELAY = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The header's count: the sum of quantities, from the server when signed in, else
 * from the browser store (spec §9). */
export function useCartCount(): number {
  const userId = useSignedInUserId();
  const server = useServerList(userId, 'cart');
  const local = useLocalStore((state) => cartCount(state.cart));
  if (userId === null) return local;
  return cartCount(server.data ?? []);
}

/** Adds to the cart: on the server when signed in ('Item added to cart successfully!'),
 * else in the browser ('Item Added to Cart' after a second). Resolves when done. */
export function useAddToCart() {
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const addLocal = useLocalStore((state) => state.addToCart);
  return useCallback(
    async (productId: string, quantity: number, stock: number) => {
      if (userId === null) {
        const outcome = addLocal(productId, quantity, stock);
        if (!outcome.ok) {
          toast.error(outcome.message);
          return;
        }
        await wait(GUEST_ADD_MESSAGE_DELAY);
        toast.info('Item Added to Cart');
        return;
      }
      try {
        await addItem('cart', productId, quantity);
        toast.success('Item added to cart successfully!');
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to add item to cart'));
      }
      await client.invalidateQueries({ queryKey: itemsKey(userId, 'cart') });
    },
    [userId, client, addLocal],
  );
}

/** The cart page's state: its lines with current details, and the changes it makes.
 * Signed-in changes are saved on the server at once (DESIGN.md §5); a guest's stay in
 * the browser store. */
export function useCart() {
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const server = useServerList(userId, 'cart');
  const local = useLocalStore((state) => state.cart);
  const { updateCartQuantity, removeFromCart } = useLocalStore.getState();
  const localIds = useMemo(() => local.map((entry) => entry.productId), [local]);
  const dropGone = useCallback((ids: string[]) => ids.forEach((id) => removeFromCart(id)), [removeFromCart]);
  const guest = useGuestDetails(localIds, userId === null, dropGone);

  const lines: Item[] = useMemo(() => {
    if (userId !== null) return server.data ?? [];
    return local.flatMap((entry) => {
      const item = guest.byId.get(entry.productId);
      // Guests' details carry the product id as `_id`; the quantity is the browser's.
      return item ? [{ ...item, quantity: entry.quantity }] : [];
    });
  }, [userId, server.data, local, guest.byId]);

  const key = itemsKey(userId ?? '', 'cart');

  /** Replaces the cached cart optimistically; returns what to put back on failure. */
  const patchCache = async (change: (items: Item[]) => Item[]) => {
    // A refetch under way would overwrite the change with the server's older answer.
    await client.cancelQueries({ queryKey: key });
    const before = client.getQueryData<Item[]>(key);
    client.setQueryData<Item[]>(key, (items) => change(items ?? []));
    return before;
  };
  // Changes reach the server one at a time, in the order made, so quick clicks on a
  // stepper end at the last value; the cart is reloaded once the last one is done.
  const scope = { id: `cart-${userId}` };
  const reloadWhenIdle = () => (client.isMutating({ predicate: (m) => m.options.scope?.id === scope.id }) <= 1 ? client.invalidateQueries({ queryKey: key }) : undefined);

  const quantityChange = useMutation({
    mutationFn: ({ item, quantity }: { item: Item; quantity: number }) => updateQuantity(item._id, quantity),
    scope,
    onMutate: async ({ item, quantity }) => ({ before: await patchCache((items) => items.map((i) => (i._id === item._id ? { ...i, quantity } : i))) }),
    onError: (error, _, context) => {
      client.setQueryData(key, context?.before);
      toast.error(error.message || 'An unexpected error occurred while updating quantity');
    },
    onSettled: reloadWhenIdle,
  });

  const removal = useMutation({
    mutationFn: (item: Item) => removeItem('cart', item._id),
    scope,
    onMutate: async (item) => ({ before: await patchCache((items) => items.filter((i) => i._id !== item._id)) }),
    onError: (error, _, context) => {
      client.setQueryData(key, context?.before);
      toast.error(error.message || 'An unexpected error occurred while deleting item');
    },
    onSettled: reloadWhenIdle,
  });

  const setQuantity = (item: Item, quantity: number) => {
    // The stepper never goes below 1 (spec §4).
    if (quantity < 1 || quantity === item.quantity) return;
    if (userId !== null) {
      quantityChange.mutate({ item, quantity });
      return;
    }
    const outcome = updateCartQuantity(item.productId, quantity);
    if (!outcome.ok) toast.error(outcome.message);
  };

  const remove = (item: Item) => {
    if (userId !== null) {
      removal.mutate(item);
      return;
    }
    const outcome = removeFromCart(item.productId);
    if (!outcome.ok) toast.error(outcome.message);
  };

  const query = userId !== null ? server : guest.details;
  return {
    lines,
    isLoading: userId !== null ? server.isPending : guest.waiting,
    error: lines.length === 0 && query.isError ? query.error : null,
    retry: () => query.refetch(),
    setQuantity,
    remove,
  };
}
