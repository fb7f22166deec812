import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { orderReturnsViewsKey, returnKey } from '../returns';
import type { Return } from './types';

/** Cancels a return still `requested` ('Return cancelled'); 409 'This return is <status>'
 * once staff have moved it on. */
export const cancelReturn = (id: string, token: string | null) =>
  apiCall<{ return: Return }>('POST', `/return/${encodeURIComponent(id)}/cancel`, undefined, {
    query: { token },
    fallbackMessage: 'Failed to cancel the return',
  }).then(({ data }) => data.return);

export function useCancelReturn(id: string, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelReturn(id, token),
    onSuccess: (cancelled) => {
      client.setQueryData(returnKey(id, token), cancelled);
      // Its units can be returned again.
      void client.invalidateQueries({ queryKey: orderReturnsViewsKey(cancelled.orderNumber) });
    },
    // Refused because the return moved on: show where it stands now.
    onError: () => void client.invalidateQueries({ queryKey: returnKey(id, token) }),
  });
}
