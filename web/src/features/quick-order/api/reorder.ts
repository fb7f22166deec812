import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useRefreshCart } from './refresh-cart';
import type { BulkAnswer } from './types';

/** Buy again: puts the lines of the shopper's order `number` in their cart at today's
 * prices, each answered as quick order's are (a price that changed is said in its
 * `message`). 404 'Order not found' for another's order. */
export const reorder = (number: string) =>
  apiCall<BulkAnswer>('POST', `/order/${encodeURIComponent(number)}/reorder`, undefined, { fallbackMessage: 'Failed to add the order to your cart' }).then(
    ({ data }) => data.lines,
  );

export function useReorder(number: string) {
  const refreshCart = useRefreshCart();
  return useMutation({ mutationFn: () => reorder(number), onSuccess: () => void refreshCart() });
}
