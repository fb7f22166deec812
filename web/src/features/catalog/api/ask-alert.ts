import { useMutation } from '@tanstack/react-query';
import type { AlertRequest } from '@/api/types';
import { apiCall } from '@/lib/api-client';

/** 'Email me when it is back' (docs/DESIGN.md §12): one e-mail to `emailAddress` when the
 * sold-out `variantId` (left out only for a product whose answer named no variants) is back
 * in stock, asked as a guest or signed in. The answer is the server's sentence ('We will
 * e-mail you when it is back', also when this address already waits for it). Refusals: 400
 * on `emailAddress` or `variantId`, 404, 409 'This is in stock', 429 'Too many alerts for
 * this address'. */
export const askAlert = (productId: string, request: AlertRequest) =>
  apiCall<unknown>('POST', `/product/${encodeURIComponent(productId)}/alert`, request, { fallbackMessage: 'Failed to set the alert' }).then(({ message }) => message);

export const useAskAlert = (productId: string) => useMutation({ mutationFn: (request: AlertRequest) => askAlert(productId, request) });
