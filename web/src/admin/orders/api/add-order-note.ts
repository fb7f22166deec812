import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { ADMIN_ORDERS_KEY, adminOrderKey } from '@/api/query-keys';
import type { NoteRequest, Order } from '@/api/types';

/** POST /admin/order/{number}/note: a `note` event only the shop sees, no mail; 400
 * 'Note is required' or 'A note may be at most 500 characters', 404 'Order not found'. */
export const addOrderNote = (number: string, body: Required<NoteRequest>) =>
  adminPost<{ order: Order }>(`/admin/order/${encodeURIComponent(number)}/note`, body, 'Failed to add the note').then((data) => data.order);

export function useAddOrderNote(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => addOrderNote(number, { note }),
    onSuccess: (order) => {
      client.setQueryData(adminOrderKey(number), order);
      void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
    },
  });
}
