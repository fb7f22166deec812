import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDERS_KEY, orderKey, PAYMENT_METHODS_KEY, STATEMENT_KEY, TRADE_STANDING_KEY, TRANSACTIONS_KEY } from '@/api/query-keys';
import { apiCall } from '@/lib/api-client';
import type { PlacedOrder, PlaceOrderRequest } from './types';

/** Places an order. The `idempotencyKey` names the attempt: the same key with the same
 * request answers with the same order, never a second one. A card payment that needs
 * 3-D Secure answers with the order pending and its `nextAction`; a declined card is a
 * 402 whose `errors.payment` is the provider's message, and nothing is placed. */
export const placeOrder = (request: PlaceOrderRequest, idempotencyKey: string) =>
  apiCall<PlacedOrder>('POST', '/order', request, {
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackMessage: 'Failed to place order. Please try again.',
  }).then(({ data }) => data);

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: PlaceOrderRequest; idempotencyKey: string }) => placeOrder(request, idempotencyKey),
    onSuccess: ({ order, token }) => {
      // The confirmation shows the order at once, without asking for it again.
      client.setQueryData(orderKey(order.number, token), order);
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
      // A card payment is a transaction, and may have saved the card.
      void client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      void client.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
      // An order on account uses the account's credit and joins its Statement.
      if (order.paymentMethod === 'account') {
        void client.invalidateQueries({ queryKey: TRADE_STANDING_KEY });
        void client.invalidateQueries({ queryKey: STATEMENT_KEY });
      }
    },
  });
}
