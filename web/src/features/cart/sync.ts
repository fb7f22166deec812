import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { itemsKey, listsKey } from '@/api/query-keys';
import { toast } from '@/lib/toast';
import { useAuth, useSignedInUserId } from '@/features/auth';
import { errorMessage } from '@/lib/errors';
import { MAX_LIST_ITEMS } from '@/lib/rules';
import { syncItems } from './api/sync-items';
import { useLocalStore } from './local-store';

let inFlight: Promise<boolean> | null = null;
/** Shoppers whose automatic merge has run since this page loaded. */
const tried = new Set<string>();

/** Merges the browser's cart and wishlist into the signed-in shopper's (docs/DESIGN.md §5).
 * The browser's lists are emptied only after the server confirms, and only of what was
 * sent. Resolves to whether a merge happened. The login and sign-up screens await it;
 * <SyncOnSignIn /> also runs it whenever a signed-in shopper has local entries. */
export function syncLocalData(client: QueryClient): Promise<boolean> {
  inFlight ??= run(client).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function run(client: QueryClient): Promise<boolean> {
  const { user, isAuthenticated } = useAuth.getState();
  const payload = useLocalStore.getState().syncPayload();
  if (!isAuthenticated || !user || !payload.ok) return false;
  const { cart, wishlist } = payload.data;
  try {
    const synced = await syncItems(payload.data);
    useLocalStore.getState().forget(cart, wishlist);
    // A read of the lists still in flight may have been answered before the merge (the
    // header asks for the cart as the page loads): dropped, so it cannot overwrite these.
    await client.cancelQueries({ queryKey: listsKey(user._id) });
    client.setQueryData(itemsKey(user._id, 'cart'), synced.cart);
    client.setQueryData(itemsKey(user._id, 'wishlist'), synced.wishlist);
    toast.success('Data synced successfully');
    const { unknown, outOfStock, overLimit, capped } = synced.adjustments;
    const dropped = unknown + outOfStock + overLimit;
    if (dropped > 0) {
      toast.info(`${dropped} saved ${dropped === 1 ? 'item was' : 'items were'} left out: no longer sold, out of stock, or over the ${MAX_LIST_ITEMS}-item limit`);
    } else if (capped > 0) {
      toast.info('Some quantities were lowered to the stock available');
    }
    return true;
  } catch (error) {
    toast.error(errorMessage(error, 'Failed to sync data'));
    return false;
  }
}

/** Runs the merge once per sign-in whenever the signed-in shopper still has entries in
 * the browser store (after login, sign-up, or a session restored in another tab). */
export function SyncOnSignIn() {
  const client = useQueryClient();
  const userId = useSignedInUserId();
  const pending = useLocalStore((state) => state.cart.length + state.wishlist.length);
  useEffect(() => {
    if (userId === null || pending === 0 || tried.has(userId)) return;
    tried.add(userId);
    void syncLocalData(client).then((merged) => {
      // A failed merge is tried again at the next sign-in or reload, not in a loop.
      if (merged) tried.delete(userId);
    });
  }, [client, userId, pending]);
  return null;
}

