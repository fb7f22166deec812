import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsKey } from '@/api/query-keys';
import type { Item } from '@/api/types';
import { errorMessage } from '@/lib/errors';
import { addItem } from './api/add-item';
import { useServerList } from './api/get-items';
import { removeItem } from './api/remove-item';
import type { ListType } from './api/types';
import { updateQuantity } from './api/update-quantity';
import { type LineRef, lineMatches } from './line-ref';
import type { Change, ListSource } from './list-source';
import type { Outcome } from './local-store';

const OK: Outcome = { ok: true };
const refused = (error: unknown, fallback: string): Outcome => ({ ok: false, message: errorMessage(error, fallback) });

/** What a failed change says when the error has no words of its own. */
const FAILED: Record<ListType, Record<Change['type'], string>> = {
  cart: { add: 'Failed to add item to cart', remove: 'An unexpected error occurred while deleting item', quantity: 'An unexpected error occurred while updating quantity' },
  wishlist: { add: 'Failed to add to wishlist', remove: 'Failed to remove from wishlist', quantity: 'An unexpected error occurred while updating quantity' },
};

/** A signed-in shopper's `kind` list on the server (docs/DESIGN.md §5), cached per user.
 * Loads nothing while `userId` is null. */
export function useServerListSource(kind: ListType, userId: string | null): ListSource {
  const client = useQueryClient();
  const query = useServerList(userId, kind);
  const list = query.data ?? [];
  const key = itemsKey(userId ?? '', kind);
  /** The entry of a line, whose own id the calls address. */
  const entryOf = (line: LineRef) => list.find((item) => lineMatches(item, line));

  /** Sends one change; a line not on the list has nothing to send. */
  const send = async (change: Change): Promise<unknown> => {
    if (change.type === 'add') return addItem(kind, change.line, 1);
    const entry = entryOf(change.line);
    if (!entry) return null;
    return change.type === 'remove' ? removeItem(kind, entry._id) : updateQuantity(entry._id, change.quantity);
  };

  /** The cached list with `change` made. */
  const changed = (items: Item[], change: Change): Item[] => {
    const { line } = change;
    if (change.type === 'add') return [...items, { _id: `pending-${line.variantId ?? line.productId}`, ...line } as Item];
    const entry = items.find((i) => lineMatches(i, line));
    if (change.type === 'remove') return items.filter((i) => i !== entry);
    return items.map((i) => (i === entry ? { ...i, quantity: change.quantity } : i));
  };

  // The cart's stepper sends changes quickly: they reach the server one at a time, in
  // the order made, so quick clicks end at the last value, and the cart is reloaded once
  // the last one is done. The wishlist's heart takes no second click while one waits.
  const scope = kind === 'cart' ? { id: `cart-${userId}` } : undefined;
  const reload = () =>
    scope && client.isMutating({ predicate: (m) => m.options.scope?.id === scope.id }) > 1 ? undefined : client.invalidateQueries({ queryKey: key });

  const mutation = useMutation({
    mutationFn: ({ change }: { change: Change; done: (outcome: Outcome) => void }) => send(change),
    scope,
    onMutate: async ({ change }) => {
      // A load under way would overwrite the change with the server's older answer.
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Item[]>(key);
      client.setQueryData<Item[]>(key, (items) => changed(items ?? [], change));
      return { before };
    },
    onSuccess: (_, { done }) => done(OK),
    onError: (error, { change, done }, context) => {
      client.setQueryData(key, context?.before);
      done(refused(error, FAILED[kind][change.type]));
    },
    onSettled: reload,
  });

  return {
    where: 'server',
    entries: list,
    items: list,
    isLoading: query.isPending,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    add: async (line, quantity) => {
      try {
        await addItem(kind, line, quantity);
        return OK;
      } catch (error) {
        return refused(error, FAILED[kind].add);
      }
    },
    remove: async (line) => {
      const entry = entryOf(line);
      try {
        if (entry) await removeItem(kind, entry._id);
        return OK;
      } catch (error) {
        return refused(error, FAILED[kind].remove);
      }
    },
    refresh: () => client.invalidateQueries({ queryKey: key }),
    change: (change, done) => mutation.mutate({ change, done }),
    changing: mutation.isPending,
  };
}
