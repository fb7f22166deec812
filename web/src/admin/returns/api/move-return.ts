// The four calls that move a return on. Each answers with the return as it now stands and
// a sentence to show ('Return approved'); any move not allowed from where the return
// stands is refused with 409 'This return is <status>'.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPostEnvelope } from '@/admin/shared/api/admin-call';
import { ADMIN_ORDERS_KEY, ADMIN_PRODUCT_KEY, ADMIN_PRODUCTS_KEY, adminOrderKey, DASHBOARD_KEY } from '@/api/query-keys';
import { ApiError } from '@/lib/api-client';
import { ADMIN_RETURNS_KEY, adminReturnKey } from '../query-keys';
import type { ReceiveRequest, Return } from '../types';

/** What staff do to a return: approve it; reject it with a reason (1 to 500 characters);
 * mark what came back and what of it goes back on sale (every line, once); refund it. */
export type ReturnMove =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'receive'; lines: ReceiveRequest['lines'] }
  | { kind: 'refund'; amount?: number; includeDelivery: boolean };

const FALLBACK: Record<ReturnMove['kind'], string> = {
  approve: 'Failed to approve the return',
  reject: 'Failed to reject the return',
  receive: 'Failed to mark the return received',
  refund: 'Failed to refund the return',
};

/** POST /admin/return/{id}/{approve|reject|receive|refund}. Refusals: reject 400
 * `errors.reason` ('A reason is required'); receive 400 `errors` keyed
 * `lines.<variantId>.received` / `.restocked`; refund 422 'At most ₹N can be refunded'
 * (`errors.amount`), 409 'Nothing has been paid on this order' or the payment provider's. */
export function moveReturn(id: string, move: ReturnMove) {
  const { kind, ...body } = move;
  return adminPostEnvelope<{ return: Return }>(`/admin/return/${encodeURIComponent(id)}/${kind}`, kind === 'approve' ? undefined : body, FALLBACK[kind]).then(({ data, message }) => ({
    ret: data.return,
    message,
  }));
}

export function useMoveReturn(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: ReturnMove) => moveReturn(id, move),
    onSuccess: ({ ret }, move) => {
      client.setQueryData(adminReturnKey(id), ret);
      void client.invalidateQueries({ queryKey: ADMIN_RETURNS_KEY });
      // A refund changes what the order says was refunded.
      if (move.kind === 'refund') {
        void client.invalidateQueries({ queryKey: adminOrderKey(ret.orderNumber) });
        void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
      }
      // What goes back on sale is added to the variants' stock at once.
      if (move.kind === 'receive') {
        for (const key of [ADMIN_PRODUCTS_KEY, ADMIN_PRODUCT_KEY, DASHBOARD_KEY]) void client.invalidateQueries({ queryKey: key });
      }
    },
    // Refused because someone else moved it on (409): show where it stands now. A field's
    // refusal leaves the return as it was, and the form as it was typed.
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: adminReturnKey(id) });
    },
  });
}
