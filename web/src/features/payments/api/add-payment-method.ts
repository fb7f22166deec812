import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS_KEY } from '@/api/query-keys';
import { apiCall } from '@/lib/api-client';
import type { AddPaymentMethodRequest, PaymentMethod } from './types';

/** Saves the card a token stands for; answers with it and the server's sentence
 * ('Payment method added'). Refusals: 400 errors.token (the token is unknown), 409 'This
 * card is already saved', 422 'You can save at most 10 cards'. */
export const addPaymentMethod = (request: AddPaymentMethodRequest) =>
  apiCall<{ paymentMethod: PaymentMethod }>('POST', '/payment-method', request, { fallbackMessage: 'Failed to add the card' }).then(({ data, message }) => ({
    paymentMethod: data.paymentMethod,
    message,
  }));

export function useAddPaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => void client.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY }),
  });
}
