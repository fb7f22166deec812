import { useQueryClient } from '@tanstack/react-query';
import { itemsKey } from '@/api/query-keys';
import { useSignedInUserId } from '@/features/auth';

/** Loads the signed-in shopper's cart again (the header's count, the cart page), under the
 * key the cart feature reads it with, once lines were added to it on the server. */
export function useRefreshCart(): () => Promise<void> {
  const client = useQueryClient();
  const userId = useSignedInUserId();
  return async () => {
    if (userId !== null) await client.invalidateQueries({ queryKey: itemsKey(userId, 'cart') });
  };
}
