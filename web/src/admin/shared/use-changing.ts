import { type MutationKey, notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** Whether a change carrying `key` is on its way, started by any part of the page: the
 * query client's own count, read again when its mutations change (in React Query's
 * batches, as its own hooks are). React Query's useIsMutating says the same, but its code
 * would go into the vendor chunk that every shopper's page loads too; this needs only
 * what the shop already uses. */
export function useChanging(key: MutationKey): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((changed: () => void) => client.getMutationCache().subscribe(notifyManager.batchCalls(changed)), [client]);
  return useSyncExternalStore(subscribe, () => client.isMutating({ mutationKey: key }) > 0);
}
