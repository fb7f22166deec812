import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDERS_KEY, orderViewsKey, TRANSACTIONS_KEY } from '@/api/query-keys';
import { invalidateProductQueries } from '@/features/catalog';
import { apiCall } from '@/lib/api-client';
import type { Order } from './types';

/** Asks the provider where the order's payment stands (a 3-D Secure payment, say) and
 * answers with the order as recorded now: the owner's bearer, or its `token`. */
export const refreshPayment = (number: string, token: string | null) =>
  apiCall<{ order: Order }>('POST', `/order/${encodeURIComponent(number)}/payment/refresh`, undefined, {
    query: { token },
    fallbackMessage: 'Failed to check the payment',
  }).then(({ data }) => data.order);

export function useRefreshPayment(number: string, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => refreshPayment(number, token),
    onSuccess: (order) => {
      client.setQueriesData<Order>({ queryKey: orderViewsKey(number) }, order);
      if (order.paymentStatus === 'pending') return;
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
      void client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      // A failed payment cancels the order and puts its stock back.
      if (order.status === 'cancelled') void invalidateProductQueries(client);
    },
  });
}
