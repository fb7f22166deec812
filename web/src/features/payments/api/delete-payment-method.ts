import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS_KEY } from '@/api/query-keys';
import { apiCall } from '@/lib/api-client';

/** Removes the saved card `id`; answers with the server's sentence ('Payment method
 * removed'). Removing the primary makes the newest remaining card primary. */
export const deletePaymentMethod = (id: string) =>
  apiCall<null>('DELETE', `/payment-method/${encodeURIComponent(id)}`, undefined, { fallbackMessage: 'Failed to remove the card' }).then(
    ({ message }) => message,
  );

export function useDeletePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    // Refused too (404: removed elsewhere): show the cards as they are now.
    onSettled: () => client.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY }),
  });
}
