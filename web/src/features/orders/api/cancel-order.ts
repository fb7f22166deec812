import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDERS_KEY, orderViewsKey, STATEMENT_KEY, TRADE_STANDING_KEY, TRANSACTIONS_KEY } from '@/api/query-keys';
import { invalidateProductQueries } from '@/features/catalog';
import { apiCall } from '@/lib/api-client';
import type { Order } from './types';

/** Cancels the order with `number` (the owner's bearer, or its `token`); 409 'This order
 * can no longer be cancelled' once it has moved on. */
export const cancelOrder = (number: string, token: string | null) =>
  apiCall<{ order: Order }>('POST', `/order/${encodeURIComponent(number)}/cancel`, undefined, {
    query: { token },
    fallbackMessage: 'Failed to cancel the order',
  }).then(({ data }) => data.order);

export function useCancelOrder(number: string, token: string | null) {
  const client = useQueryClient();
  const views = { queryKey: orderViewsKey(number) };
  return useMutation({
    mutationFn: () => cancelOrder(number, token),
    onSuccess: (order) => {
      client.setQueriesData<Order>(views, order);
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
      // A paid card order is refunded.
      void client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      // An order on account frees its credit and leaves the Statement.
      if (order.paymentMethod === 'account') {
        void client.invalidateQueries({ queryKey: TRADE_STANDING_KEY });
        void client.invalidateQueries({ queryKey: STATEMENT_KEY });
      }
      // The order's stock is back on the shelf.
      void invalidateProductQueries(client);
    },
    // Refused because the order moved on: show where it stands now.
    onError: () => void client.invalidateQueries(views),
  });
}
