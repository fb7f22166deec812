// Giving back part or all of what an order paid, without a return (docs/DESIGN.md §12):
// a card order through the payment provider, a cash or account order recorded as refunded
// by hand. The answer is the order as it now stands.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPostEnvelope } from '@/admin/shared/api/admin-call';
import { ADMIN_ORDERS_KEY, adminOrderKey } from '@/api/query-keys';
import type { Order, RefundRequest as ApiRefundRequest } from '@/api/types';

/** What to give back (more than 0, at most two decimals, at most what is left) and why
 * (1 to 500 characters, trimmed; for the shop's records and the activity log). */
export type RefundRequest = ApiRefundRequest & { amount: number };

/** POST /admin/order/{number}/refund: 'Refund recorded' with the order, its `refunded`
 * and `paymentStatus` updated. 400 'Amount is required', 'Amount must be more than 0 with
 * at most two decimals' (`errors.amount`), 'A reason is required', 'A reason may be at
 * most 500 characters' (`errors.reason`); 404 'Order not found'; 409 'Nothing has been
 * paid on this order', 'The payment provider did not refund: …' (nothing refunded); 422
 * 'At most ₹N can be refunded' (`errors.amount`). */
export const refundOrder = (number: string, body: RefundRequest) =>
  adminPostEnvelope<{ order: Order }>(`/admin/order/${encodeURIComponent(number)}/refund`, body, 'Failed to refund the order').then(({ data, message }) => ({
    order: data.order,
    message,
  }));

export function useRefundOrder(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => refundOrder(number, body),
    onSuccess: ({ order }) => {
      client.setQueryData(adminOrderKey(number), order);
      void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
    },
    // Refused, perhaps because someone else refunded it meanwhile: show where it stands now.
    onError: () => void client.invalidateQueries({ queryKey: adminOrderKey(number) }),
  });
}
