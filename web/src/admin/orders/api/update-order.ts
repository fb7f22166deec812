// The two calls that move an order on: a status change along the status machine, and
// recording the cash of an unpaid cash order. Both answer with the order as it now stands.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { ADMIN_ORDERS_KEY, adminOrderKey } from '@/api/query-keys';
import type { Order, StatusRequest } from '@/api/types';
import type { OrderMove } from '../order-actions';

/** POST /admin/order/{number}/status: 409 with the server's reason when the status
 * machine does not allow it; cancelling restocks and refunds a card payment. */
export const setOrderStatus = (number: string, body: StatusRequest & { status: OrderMove }) =>
  adminPost<{ order: Order }>(`/admin/order/${encodeURIComponent(number)}/status`, body, 'Failed to update the order').then((data) => data.order);

/** POST /admin/order/{number}/paid: 409 'This order is not awaiting payment' unless it is
 * an unpaid cash order that is not cancelled. */
export const markOrderPaid = (number: string) =>
  adminPost<{ order: Order }>(`/admin/order/${encodeURIComponent(number)}/paid`, undefined, 'Failed to record the payment').then((data) => data.order);

/** What an administrator may do to an order: a move, with an optional note, or 'paid'. */
export type OrderUpdate = { kind: 'paid' } | { kind: 'status'; status: OrderMove; note?: string };

export function useUpdateOrder(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderUpdate) =>
      update.kind === 'paid' ? markOrderPaid(number) : setOrderStatus(number, { status: update.status, ...(update.note ? { note: update.note } : {}) }),
    onSuccess: (order) => {
      client.setQueryData(adminOrderKey(number), order);
      void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
    },
    // Refused, perhaps because someone else moved it on: show where it stands now.
    onError: () => void client.invalidateQueries({ queryKey: adminOrderKey(number) }),
  });
}
