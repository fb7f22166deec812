import { useQueryClient } from '@tanstack/react-query';
import { CART_DETAILS_KEY, listsKey } from '@/api/query-keys';
import { useSignedInUserId } from '@/features/auth';
import { useLocalStore } from './local-store';

/** What the cart does once an order is placed. The server has emptied a signed-in
 * shopper's cart, so their lists load again (the wishlist's stock has changed too); a
 * guest's cart lines leave the browser store, and their wishlist stays. */
export function useEmptyCartAfterOrder(): () => void {
  const client = useQueryClient();
  const userId = useSignedInUserId();
  return () => {
    if (userId !== null) void client.invalidateQueries({ queryKey: listsKey(userId) });
    else useLocalStore.getState().clearCart();
    // A guest's wishlist shows stock from these details.
    void client.invalidateQueries({ queryKey: CART_DETAILS_KEY });
  };
}
