import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS_KEY } from '@/api/query-keys';
import { apiCall } from '@/lib/api-client';
import type { PaymentMethod } from './types';

/** Makes the saved card `id` the primary one ('Primary payment method updated'). */
export const setPrimaryPaymentMethod = (id: string) =>
  apiCall<{ paymentMethod: PaymentMethod }>('PATCH', `/payment-method/${encodeURIComponent(id)}`, { primary: true }, {
    fallbackMessage: 'Failed to update the primary card',
  }).then(({ data, message }) => ({ paymentMethod: data.paymentMethod, message }));

export function useSetPrimaryPaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryPaymentMethod,
    // Refused too (404: removed elsewhere): show the cards as they are now.
    onSettled: () => client.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY }),
  });
}
